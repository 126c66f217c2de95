/**
 * ADR 020, amended: a rare word in a table that spans years is searched a few months at a time
 * (search-plan.ts `recent`): the newest months through the index of words tagged with their month,
 * the older matches only when those held less than a page. Pages must be exactly those of
 * gathering every match, privacy included, on both databases; on PostgreSQL the window is read
 * through its index.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTextOf } from '@common/search';
import { guides, tips } from '@db/schema';
import { planLines } from '@server-test/explain/full-scans';
import { plansTaken } from '@server-test/explain/plan-cache';
import { recordQueries } from '@server-test/explain/query-recorder';
import { explorePages } from '@server-test/explore-pages';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { searchWindowOf } from './search-window';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let me: Member;
const word = `zqmonthly${Math.random().toString(36).slice(2, 8)}`;
/** Every item the viewer may find with `word`, newest first. */
let expected: string[];
const MONTH_MS = 30.44 * 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createMember('user', 'Mia Me');
  const other = await t.createMember('user', 'Olga Other');
  // Three years of tips, newest today. The word is rare, in one tip in 30 (~2 a month), and
  // missing from 12 to 30 months ago: a window reaching into that gap holds less than a page, so
  // the matches before it, 30 to 36 months ago, are gathered too.
  const now = Date.now();
  const count = 2100;
  const step = (36 * MONTH_MS) / count;
  const visible: { id: string; at: number }[] = [];
  const rows = Array.from({ length: count }, (_, i) => {
    const monthsAgo = (i * step) / MONTH_MS;
    const holds = i % 30 === 4 && (monthsAgo < 12 || monthsAgo > 30);
    const owner = holds && i % 4 === 0 ? me : other;
    const isPrivate = holds && i % 7 === 0;
    const title = holds ? `${word} tip ${i}` : `filler tip ${i}`;
    const at = now - 60_000 - i * step;
    return {
      userId: owner.id,
      title,
      country: 'Portugal',
      city: 'Porto',
      description: 'x',
      searchText: searchTextOf([title]),
      visibility: isPrivate ? ('private' as const) : ('public' as const),
      createdAt: new Date(at),
      holds,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await t.db
      .insert(tips)
      .values(rows.slice(i, i + 500).map(({ holds: _, ...row }) => row))
      .returning({ id: tips.id });
    inserted.forEach((r, j) => {
      const row = rows[i + j]!;
      if (row.holds && (row.visibility === 'public' || row.userId === me.id)) visible.push({ id: r.id, at: row.createdAt.getTime() });
    });
  }
  // Guides over the same years; a few hold the word.
  const guideRows = Array.from({ length: 120 }, (_, i) => {
    const title = i % 40 === 5 ? `${word} guide ${i}` : `filler guide ${i}`;
    return {
      userId: other.id,
      title,
      daysCount: 1,
      countries: ['Portugal'],
      searchText: searchTextOf([title]),
      createdAt: new Date(now - 90_000 - i * 9 * 86_400_000),
    };
  });
  const insertedGuides = await t.db.insert(guides).values(guideRows).returning({ id: guides.id });
  insertedGuides.forEach((r, i) => {
    if (guideRows[i]!.title.startsWith(word)) visible.push({ id: r.id, at: guideRows[i]!.createdAt.getTime() });
  });
  expected = visible.sort((a, b) => b.at - a.at).map((v) => v.id);
  await t.db.execute(sql`VACUUM ANALYZE tips`);
  await t.db.execute(sql`VACUUM ANALYZE guides`);
});
afterAll(() => t?.close());

const pages = (q: string, limit: number, maxPages?: number) => explorePages(t, me.cookie, q, limit, maxPages);

it("pages a rare word of many months exactly, newest first, with the viewer's own private items and no one else's", async () => {
  expect(expected.length).toBeGreaterThan(25);
  // 5 a page: the window holds the first pages; the last ones reach back past it.
  expect(await pages(word, 5)).toEqual(expected);
  expect(await pages(word.slice(0, -3), 12)).toEqual(expected);
});

it("tags a row's words with its month in UTC, as the search's window names them", async () => {
  const tagged = async (at: string) =>
    (
      (await t.db.execute(
        sql`SELECT tsvector_to_array(waymark_search_months(array_to_tsvector(ARRAY['lisbon', 'tram']), ${at}::timestamptz)) AS words`,
      )) as { rows: { words: string[] }[] }
    ).rows[0]!;
  // 23:30 on 31 January at UTC-1 is February in UTC; the window counts months the same way.
  expect((await tagged('2026-01-31T23:30:00-01:00')).words.sort()).toEqual(['|202602|lisbon', '|202602|tram']);
  expect(searchWindowOf(['lisbon'], 1, new Date('2026-01-31T23:30:00-01:00')).query).toBe("('|202602|lisbon':*)");
  expect((await tagged('2025-12-31T23:59:59.999Z')).words).toContain('|202512|lisbon');
});

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('on PostgreSQL', () => {
  it('reads the newest months through the index of words tagged with their month, custom and generic plans alike', async () => {
    const recorder = recordQueries(t.database);
    await recorder.during(word, () => t.call('GET', `/api/explore?q=${word}&limit=5`, { cookie: me.cookie }));
    const [search, ...more] = recorder.queries.filter(
      (r) => r.route === word && /\b(tips|guides)\b/.test(r.text) && !r.text.includes('pg_stats'),
    );
    expect(more).toEqual([]);
    expect(search!.text).toContain('waymark_search_months');
    for (const kind of ['custom', 'generic'] as const) {
      const plan = (await planLines(recorder.pool, search!, kind)).join('\n');
      expect(plan, `${kind} plan`).toContain('Bitmap Index Scan using tips_search_months_idx');
      expect(plan, plan).not.toMatch(/Seq Scan on tips/);
    }
    // Planned once: after its five custom plans the plan cache keeps the generic one.
    expect(await plansTaken(recorder.pool, search!, 8)).toEqual({ generic: 3, custom: 5 });
  });
});
