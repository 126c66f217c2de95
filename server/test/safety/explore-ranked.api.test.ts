/**
 * Explore's sorts and tip category (issue 36, ADR 105), on both databases. Page after page, for
 * each order (newest, most liked, best rated), tab, page size, category, search and country, for
 * a viewer with a few connections and one with many, the pages hold exactly what the whole rule
 * of who sees what (visibleTo) gives, in the order's keys (rank, created_at, id), with no key lost
 * or repeated where ranks and timestamps tie: blocked, blocking and suspended authors, others'
 * private and hidden items, and connections-only items of non-connections never appear.
 */
import { type SQL, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentTab, ExploreSort } from '@common/schemas/content';
import { searchTextOf } from '@common/search';
import { executeRows } from '@db/rows';
import { blocks, connections, guides, memberSuspensions, tipTypes, tips, users } from '@db/schema';
import { visibleTo } from '@db/visibility';
import { PROBED_CONNECTIONS } from '@server/modules/content/content-keys.repository';
import { createContentService } from '@server/modules/content/content.service';
import { type TestApp, createTestApp } from '../test-app';
import { seededNumbers } from '../seeded-numbers';

const WORD = 'wombat';
const AUTHORS = PROBED_CONNECTIONS + 10;
const ITEMS = 300;

let t: TestApp;
let content: ReturnType<typeof createContentService>;
const viewers = {} as Record<'few' | 'many', string>;
let category: string;
let hiddenAuthors: string[];

beforeAll(async () => {
  t = await createTestApp();
  content = createContentService({ db: t.db });
  const types = await t.db
    .insert(tipTypes)
    .values([{ name: 'Ranked food' }, { name: 'Ranked stay' }])
    .returning({ id: tipTypes.id });
  category = types[0]!.id;
  const members = await t.db
    .insert(users)
    .values(Array.from({ length: AUTHORS + 2 }, (_, i) => ({ name: `Author ${i}`, email: `author${i}@ranked.test` })))
    .returning({ id: users.id });
  const ids = members.map((m) => m.id);
  const [few, many] = ids.slice(AUTHORS) as [string, string];
  viewers.few = few;
  viewers.many = many;
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
  hiddenAuthors = [ids[0]!, ids[1]!, ids[2]!];
  const random = seededNumbers(11);
  const authors = [...ids, ...ids.slice(0, 5), ...ids.slice(0, 5), few, many, few, many, few, many];
  let at = Date.parse('2026-01-01T00:00:00Z');
  const tipRows: (typeof tips.$inferInsert)[] = [];
  const guideRows: (typeof guides.$inferInsert)[] = [];
  for (let n = 0; n < ITEMS; n++) {
    // Every fifth item shares the one before's timestamp; likes and ratings tie often.
    if (n % 5 !== 0) at += Math.floor(random() * 86_400_000);
    const roll = random();
    const visibility = roll < 0.55 ? 'public' : roll < 0.85 ? 'connections' : 'private';
    const description = random() < 0.4 ? `A ${WORD} nearby` : 'A quiet place';
    const base = {
      userId: authors[Math.floor(random() * authors.length)]!,
      title: `Item ${n}`,
      visibility,
      description,
      createdAt: new Date(at),
      hiddenAt: random() < 0.05 ? new Date() : null,
      likesCount: Math.floor(random() * 4),
    } as const;
    if (random() < 0.3) guideRows.push({ ...base, countries: ['Spain'], searchText: searchTextOf([base.title, description]) });
    else {
      tipRows.push({
        ...base,
        country: random() < 0.5 ? 'Spain' : 'Peru',
        city: 'Town',
        rating: random() < 0.2 ? null : 1 + Math.floor(random() * 5),
        tipTypeId: random() < 0.5 ? category : types[1]!.id,
        searchText: searchTextOf([base.title, description]),
      });
    }
  }
  await t.db.insert(tips).values(tipRows);
  await t.db.insert(guides).values(guideRows);
});

afterAll(() => t?.close());

interface Filters {
  q?: string;
  country?: string;
  tipType?: string;
}

/** Every item the viewer may see, in the order's keys, by the rule a detail page applies to one item. */
async function expectedIds(viewerId: string, type: ContentTab, sort: ExploreSort, f: Filters): Promise<string[]> {
  const rank = (table: typeof tips | typeof guides): SQL =>
    sort === 'newest'
      ? sql`0`
      : sort === 'liked'
        ? sql`${table.likesCount}`
        : table === tips
          ? sql`COALESCE(${tips.rating}, 0)`
          : sql`0`;
  const branch = (table: typeof tips | typeof guides, extra: SQL[]) => sql`
    SELECT ${table.id} AS id, ${rank(table)} AS rank, ${table.createdAt} AS created_at FROM ${table}
    WHERE ${visibleTo(table, viewerId)}
      ${f.q ? sql`AND ${table.searchVector} @@ ${`'${f.q}':*`}::tsquery` : sql``}
      ${sql.join(extra.map((e) => sql` AND ${e}`))}`;
  const tipExtra = [
    ...(f.country ? [sql`${tips.country} = ${f.country}`] : []),
    ...(f.tipType ? [sql`${tips.tipTypeId} = ${f.tipType}`] : []),
  ];
  const guideExtra = f.country ? [sql`${guides.countries} @> ARRAY[${f.country}]::text[]`] : [];
  const branches = [
    ...(type === 'guides' ? [] : [branch(tips, tipExtra)]),
    ...(type === 'tips' || f.tipType ? [] : [branch(guides, guideExtra)]),
  ];
  if (branches.length === 0) return [];
  const rows = await executeRows<{ id: string }>(
    t.db,
    sql`SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) AS visible ORDER BY rank DESC, created_at DESC, id DESC`,
  );
  return rows.map((r) => r.id);
}

async function pagedIds(viewerId: string, type: ContentTab, sort: ExploreSort, limit: number, f: Filters) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await content.explore(viewerId, { type, sort, limit, cursor, ...f });
    pages.push(page.items.map((i) => i.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < ITEMS);
  return pages;
}

const TYPES: ContentTab[] = ['all', 'tips', 'guides'];

describe.each(['few', 'many'] as const)('Explore sorted, for a viewer with %s connections', (who) => {
  it.each(['liked', 'rated'] as const)('%s: every page holds what the viewer may see, in order', async (sort) => {
    for (const type of TYPES) {
      for (const limit of [2, 25]) {
        const pages = await pagedIds(viewers[who], type, sort, limit, {});
        const expected = await expectedIds(viewers[who], type, sort, {});
        expect(pages.flat(), `${type} limit ${limit}`).toEqual(expected);
        expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
      }
    }
  });

  it.each(['newest', 'liked', 'rated'] as const)('%s with a category, a search or a country', async (sort) => {
    const cases: Filters[] = [
      { tipType: category },
      { q: WORD },
      { country: 'Spain' },
      { q: WORD, tipType: category, country: 'Spain' },
    ];
    for (const f of cases) {
      for (const type of TYPES) {
        const pages = await pagedIds(viewers[who], type, sort, 4, f);
        expect(pages.flat(), `${type} ${JSON.stringify(f)}`).toEqual(await expectedIds(viewers[who], type, sort, f));
      }
    }
  });

  it('the world holds ties, hidden authors, and own and shared items', async () => {
    const all = await expectedIds(viewers[who], 'all', 'liked', {});
    expect(all.length).toBeGreaterThan(100);
    const [ties] = await executeRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM (SELECT likes_count, created_at FROM ${tips} GROUP BY 1, 2 HAVING count(*) > 1) AS tied`,
    );
    expect(ties!.n).toBeGreaterThan(5);
    const [hidden] = await executeRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM ${tips} WHERE ${inArray(tips.userId, hiddenAuthors)} AND ${tips.isPrivate} = false`,
    );
    expect(hidden!.n).toBeGreaterThan(0);
  });
});

describe('cursors', () => {
  it('a cursor of one order is refused by another (400)', async () => {
    const newest = await content.explore(viewers.few, { type: 'all', sort: 'newest', limit: 2 });
    const liked = await content.explore(viewers.few, { type: 'all', sort: 'liked', limit: 2 });
    await expect(
      content.explore(viewers.few, { type: 'all', sort: 'liked', limit: 2, cursor: newest.nextCursor! }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      content.explore(viewers.few, { type: 'all', sort: 'newest', limit: 2, cursor: liked.nextCursor! }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
