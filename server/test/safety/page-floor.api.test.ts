/**
 * The page floor (ADR 098), on both databases: Explore's statement reads the viewer's own and
 * connections' items only down to the oldest key of a full page of public ones. Page after page,
 * for each tab, page size, search plan and country, for a viewer with a few connections (probed
 * one by one) and one with many (walked), the pages hold exactly what the whole rule of who sees
 * what (visibleTo) gives, newest first, with no key lost or repeated where timestamps tie.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentTab } from '@common/schemas/content';
import { searchTextOf } from '@common/search';
import { executeRows } from '@db/rows';
import { blocks, connections, guides, memberSuspensions, tips, users } from '@db/schema';
import { visibleTo } from '@db/visibility';
import type { Cursor } from '@server/lib/keyset';
import type { ContentFilter } from '@server/modules/content/content-filter';
import { PROBED_CONNECTIONS, contentKeysQuery } from '@server/modules/content/content-keys.repository';
import type { SearchChoice, SearchPlan } from '@server/modules/content/search-plan';
import { searchWindowsFor } from '@server/modules/content/search-window';
import { type TestApp, createTestApp } from '../test-app';
import { seededNumbers } from '../seeded-numbers';

const WORD = 'quokka';
const AUTHORS = PROBED_CONNECTIONS + 10;
const ITEMS = 600;
const COUNTRIES = ['Portugal', 'Spain', 'Peru'];

let t: TestApp;
const viewers = {} as Record<'few' | 'many', string>;

beforeAll(async () => {
  t = await createTestApp();
  const members = await t.db
    .insert(users)
    .values(Array.from({ length: AUTHORS + 2 }, (_, i) => ({ name: `Author ${i}`, email: `author${i}@floor.test` })))
    .returning({ id: users.id });
  const ids = members.map((m) => m.id);
  const [few, many] = ids.slice(AUTHORS) as [string, string];
  viewers.few = few;
  viewers.many = many;
  // few: 5 connections (probed one by one); many: more than PROBED_CONNECTIONS (walked).
  await t.db
    .insert(connections)
    .values([
      ...ids.slice(0, 5).map((id) => ({ requesterId: few, addresseeId: id, status: 'accepted' as const })),
      ...ids.slice(0, PROBED_CONNECTIONS + 5).map((id) => ({ requesterId: id, addresseeId: many, status: 'accepted' as const })),
      { requesterId: ids[6]!, addresseeId: few, status: 'pending' as const },
    ]);
  await t.db.insert(blocks).values([
    { blockerId: few, blockedId: ids[1]! },
    { blockerId: ids[2]!, blockedId: many },
  ]);
  await t.db.insert(memberSuspensions).values({ userId: ids[0]! });
  // Interleaved in time over about a year; every fifth item shares the one before's timestamp.
  const random = seededNumbers(7);
  // few's connections and the two viewers write more than the others.
  const authors = [...ids, ...ids.slice(0, 5), ...ids.slice(0, 5), ...[few, many, few, many, few, many, few, many]];
  const start = Date.parse('2026-01-01T00:00:00Z');
  let at = start;
  const tipRows: (typeof tips.$inferInsert)[] = [];
  const guideRows: (typeof guides.$inferInsert)[] = [];
  for (let n = 0; n < ITEMS; n++) {
    if (n % 5 !== 0) at += Math.floor(random() * 86_400_000);
    const roll = random();
    const visibility = roll < 0.55 ? 'public' : roll < 0.85 ? 'connections' : 'private';
    const description = random() < 0.4 ? `A ${WORD} nearby` : 'A quiet place';
    const country = COUNTRIES[Math.floor(random() * COUNTRIES.length)]!;
    const base = {
      userId: authors[Math.floor(random() * authors.length)]!,
      title: `Item ${n}`,
      visibility,
      description,
      createdAt: new Date(at),
      hiddenAt: random() < 0.05 ? new Date() : null,
    } as const;
    if (random() < 0.3) guideRows.push({ ...base, countries: [country], searchText: searchTextOf([base.title, description]) });
    else tipRows.push({ ...base, country, city: 'Town', searchText: searchTextOf([base.title, country, description]) });
  }
  await t.db.insert(tips).values(tipRows);
  await t.db.insert(guides).values(guideRows);
});

afterAll(() => t?.close());

/** Every key the viewer may see, newest first, by the rule a detail page applies to one item. */
async function expectedKeys(viewerId: string, type: ContentTab, search?: string, country?: string): Promise<string[]> {
  const branch = (table: typeof tips | typeof guides, place: SQL) => sql`
    SELECT ${table.id} AS id, ${table.createdAt} AS created_at FROM ${table}
    WHERE ${visibleTo(table, viewerId)}
      ${search ? sql`AND ${table.searchVector} @@ ${search}::tsquery` : sql``}
      ${country ? sql`AND ${place}` : sql``}`;
  const branches = [
    ...(type === 'guides' ? [] : [branch(tips, sql`${tips.country} = ${country}`)]),
    ...(type === 'tips' ? [] : [branch(guides, sql`${guides.countries} @> ARRAY[${country}]::text[]`)]),
  ];
  const rows = await executeRows<{ id: string }>(
    t.db,
    sql`SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) AS visible ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((r) => r.id);
}

type KeyRow = { id: string; cursor_ts: string };

/** Every page the statement gives, `limit` at a time, through the cursor of each page's last key. */
async function pagedKeys(filter: ContentFilter, type: ContentTab, limit: number, plan?: SearchPlan): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: Cursor | null = null;
  do {
    const choice: SearchChoice | undefined = plan === 'recent' ? { plan, months: 2 } : plan ? { plan } : undefined;
    const f: ContentFilter = choice
      ? {
          ...filter,
          searchPlans: { tip: choice.plan, guide: choice.plan },
          searchWindows: searchWindowsFor({ tip: choice, guide: choice }, [WORD], cursor),
        }
      : filter;
    const rows: KeyRow[] = await executeRows<KeyRow>(t.db, contentKeysQuery(type, f, cursor, limit));
    pages.push(rows.slice(0, limit).map((r) => r.id));
    const last = rows[limit - 1];
    cursor = rows.length > limit && last ? { createdAt: last.cursor_ts, id: last.id } : null;
  } while (cursor && pages.length < ITEMS);
  return pages;
}

const TYPES: ContentTab[] = ['all', 'tips', 'guides'];

describe.each(['few', 'many'] as const)('the page floor, for a viewer with %s connections', (who) => {
  it.each([1, 3, 20])('pages without a search hold what the viewer may see (limit %i)', async (limit) => {
    for (const type of TYPES) {
      for (const country of [undefined, 'Spain']) {
        const filter: ContentFilter = { scope: { kind: 'visible', viewerId: viewers[who] }, country };
        const pages = await pagedKeys(filter, type, limit);
        expect(pages.flat(), `${type} ${country ?? 'anywhere'}`).toEqual(
          await expectedKeys(viewers[who], type, undefined, country),
        );
        expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
      }
    }
  });

  it.each(['walk', 'gather', 'recent', undefined] as const)('searches hold what the viewer may see (plan %s)', async (plan) => {
    const search = `'${WORD}':*`;
    for (const type of TYPES) {
      for (const limit of [2, 20]) {
        const filter: ContentFilter = { scope: { kind: 'visible', viewerId: viewers[who] }, search };
        const pages = await pagedKeys(filter, type, limit, plan);
        expect(pages.flat(), `${type} limit ${limit}`).toEqual(await expectedKeys(viewers[who], type, search));
      }
    }
  });

  it('the world holds what the floor must not lose: own and shared items between public ones', async () => {
    const viewerId = viewers[who];
    const [counts] = await executeRows<{ all: number; own: number; shared: number }>(
      t.db,
      sql`SELECT count(*)::int AS all,
          count(*) FILTER (WHERE ${tips.isPrivate} AND ${tips.userId} = ${viewerId})::int AS own,
          count(*) FILTER (WHERE ${tips.isPrivate} AND ${tips.userId} <> ${viewerId})::int AS shared
        FROM ${tips} WHERE ${visibleTo(tips, viewerId)}`,
    );
    expect(counts!.all, JSON.stringify(counts)).toBeGreaterThan(100);
    expect(counts!.own, JSON.stringify(counts)).toBeGreaterThan(5);
    expect(counts!.shared, JSON.stringify(counts)).toBeGreaterThan(5);
  });
});
