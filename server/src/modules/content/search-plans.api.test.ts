/**
 * ADR 020: once ANALYZE has run, explore's search takes the plan search-plan.ts chooses (walk the
 * date index for a common word, gather a rare word's matches) as one prepared statement with its
 * cards. Both forms must page exactly, privacy included, and on PostgreSQL take the plan they are
 * named for, custom and generic.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTextOf } from '@common/search';
import { tips } from '@db/schema';
import { insertGuide, insertTip } from '@server-test/content-fixtures';
import { estimatedRows, planLines } from '@server-test/explain/full-scans';
import { plansTaken } from '@server-test/explain/plan-cache';
import { recordQueries } from '@server-test/explain/query-recorder';
import { explorePages } from '@server-test/explore-pages';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let me: Member;
const common = `zqcommon${Math.random().toString(36).slice(2, 8)}`;
const rare = `zqrare${Math.random().toString(36).slice(2, 8)}`;
/** The newest items the viewer may find with `common`, newest first; and every one with `rare`. */
let newestCommon: string[];
let expectedRare: string[];

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createMember('user', 'Mia Me');
  const other = await t.createMember('user', 'Olga Other');
  // 2,000 older tips of the common word make it common and the table big enough for real plans.
  const old = Date.parse('2024-01-01T00:00:00Z');
  const fillers = Array.from({ length: 2000 }, (_, i) => {
    const title = `${common} filler ${i}`;
    return {
      userId: other.id,
      title,
      country: 'Portugal',
      city: 'Porto',
      description: 'x',
      searchText: searchTextOf([title]),
      createdAt: new Date(old + i),
    };
  });
  for (let i = 0; i < fillers.length; i += 500) await t.db.insert(tips).values(fillers.slice(i, i + 500));
  const base = Date.parse('2025-06-01T00:00:00Z');
  const visible: { id: string; at: number; isRare: boolean }[] = [];
  for (let i = 0; i < 60; i++) {
    const isRare = i % 20 === 7;
    const owner = i % 3 === 0 ? me : other;
    const isPrivate = i % 5 === 0;
    const fields = { title: `${common} ${isRare ? rare : 'plain'} ${i}`, isPrivate, createdAt: new Date(base + i * 60_000) };
    const row = i % 4 === 0 ? await insertGuide(t.db, owner.id, fields) : await insertTip(t.db, owner.id, fields);
    if (!isPrivate || owner === me) visible.push({ id: row.id, at: i, isRare });
  }
  visible.sort((a, b) => b.at - a.at);
  newestCommon = visible.map((v) => v.id);
  expectedRare = visible.filter((v) => v.isRare).map((v) => v.id);
  await t.db.execute(sql`VACUUM ANALYZE tips`);
  await t.db.execute(sql`VACUUM ANALYZE guides`);
});
afterAll(() => t?.close());

const pages = (q: string, limit: number, maxPages?: number) => explorePages(t, me.cookie, q, limit, maxPages);

it("pages a common and a rare word exactly, with the viewer's own items and no one else's private ones", async () => {
  expect(expectedRare.length).toBeGreaterThanOrEqual(2);
  expect(await pages(common, 7, 6)).toEqual(newestCommon.slice(0, 42));
  expect(await pages(rare, 1, 10)).toEqual(expectedRare);
  expect(await pages(rare.slice(0, -2), 2, 10)).toEqual(expectedRare);
});

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('on PostgreSQL', () => {
  it('walks the date index for the common word and gathers the rare one through GIN, custom and generic plans alike', async () => {
    const recorder = recordQueries(t.database);
    const search = async (q: string) => {
      await recorder.during(q, () => t.call('GET', `/api/explore?q=${q}&limit=5`, { cookie: me.cookie }));
      return recorder.queries.filter((r) => r.route === q && /\b(tips|guides)\b/.test(r.text) && !r.text.includes('pg_stats'));
    };
    const [walked, ...moreWalked] = await search(common);
    const [gathered, ...moreGathered] = await search(rare);
    // One statement each: keys and cards together.
    expect([moreWalked, moreGathered]).toEqual([[], []]);
    for (const kind of ['custom', 'generic'] as const) {
      const walk = (await planLines(recorder.pool, walked!, kind)).join('\n');
      expect(walk, `${kind} plan of the walk`).toMatch(
        /Index Scan using tips_public_created_idx on tips \(Filter: \(?ts_match_vq/,
      );
      // (guides are 15 rows here: reading them whole is their right plan.)
      expect(walk, walk).not.toMatch(/Seq Scan on tips|tips_search_vector_idx/);
      const gather = (await planLines(recorder.pool, gathered!, kind)).join('\n');
      expect(gather, `${kind} plan of the gathering`).toContain('Bitmap Index Scan using tips_search_vector_idx');
      expect(gather, gather).not.toMatch(/Seq Scan on tips/);
    }
    // The gathering's words are out of the planner's sight, so a call is estimated as the generic
    // plan is, never cheaper: else PostgreSQL would plan a rare word's search anew on every call.
    const gatherRows = async (kind: 'custom' | 'generic') =>
      estimatedRows(recorder.pool, gathered!, kind, 'tips_search_vector_idx');
    expect(await gatherRows('custom')).toEqual(await gatherRows('generic'));
    // Each form is planned once: after its five custom plans the plan cache keeps the generic one.
    for (const [form, query] of [
      ['walk', walked!],
      ['gather', gathered!],
    ] as const) {
      expect(await plansTaken(recorder.pool, query, 8), form).toEqual({ generic: 3, custom: 5 });
    }
  });
});
