/**
 * Issue 25 (ADR 084): the map's queries for a viewer with connections' connections-only tips, a
 * blocked member and a suspended one are still backed by indexes on PostgreSQL, and the two
 * per-viewer branches reach their authors' tips through user_id (an Index Cond), never by
 * walking every private or public tip. The world, city, street and antimeridian boxes of
 * list-routes.ts, each plain, with a search and with a country.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, memberSuspensions, tips as tipsTable } from '@db/schema';
import { insertTip } from '../content-fixtures';
import { type TestApp, createTestApp } from '../test-app';
import { FAILING_TABLES, fullScansOf, isWatchedRead, loadIndexes } from './full-scans';
import { type RecordedQuery, recordQueries } from './query-recorder';
import { buildScene } from './scene';
import { isSharedPlan } from '@db/named-statements';
import { eq } from 'drizzle-orm';

const BOXES = [
  'west=-180&south=-80&east=180&north=80&zoom=2',
  'west=135.5&south=34.9&east=136&north=35.1&zoom=12',
  'west=135.765&south=35.01&east=135.772&north=35.014&zoom=17',
  'west=170&south=-80&east=-170&north=80&zoom=5',
];
const URLS = ['', '&q=ramen', '&country=Japan'].flatMap((f) => BOXES.map((b) => `/api/map/tips?${b}${f}`));

interface Node {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: Node[];
}
const nodesOf = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('map queries for a viewer on PostgreSQL', () => {
  let t: TestApp;
  let recorder: ReturnType<typeof recordQueries>;
  let cookie = '';

  beforeAll(async () => {
    t = await createTestApp();
    const scene = await buildScene(t);
    cookie = scene.viewer.cookie;
    // The viewer's connection shares tips with connections only, in Kyoto; a blocked member and a
    // suspended one have public tips there.
    const blocked = await t.createMember('user', 'Bo Blocked');
    const suspended = await t.createMember('user', 'Su Suspended');
    const placed = [
      [scene.other.id, 'connections'],
      [scene.other.id, 'connections'],
      [blocked.id, 'public'],
      [suspended.id, 'public'],
    ] as const;
    for (const [i, [userId, visibility]] of placed.entries()) {
      const tip = await insertTip(t.db, userId, { title: 'Ramen counter', country: 'Japan', visibility });
      await t.db
        .update(tipsTable)
        .set({ latitude: 35.0116 + i * 0.0002, longitude: 135.7681 + i * 0.0002, locationPrecision: 'exact' })
        .where(eq(tipsTable.id, tip.id));
    }
    await t.db.insert(blocks).values({ blockerId: blocked.id, blockedId: scene.viewer.id });
    await t.db.insert(memberSuspensions).values({ userId: suspended.id });
    recorder = recordQueries(t.database);
  });
  afterAll(() => t?.close());

  async function plan(q: RecordedQuery): Promise<Node[]> {
    const client = await recorder.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      const res = await client.query<{ 'QUERY PLAN': [{ Plan: Node }] }>(`EXPLAIN (FORMAT JSON) ${q.text}`, q.values);
      return nodesOf(res.rows[0]!['QUERY PLAN'][0].Plan);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  it('reads tips and tip_map_cells through indexes, the viewer branches by user_id', async () => {
    for (const url of URLS) {
      const res = await recorder.during(`GET ${url}`, () => t.call('GET', url, { cookie }));
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const reads = recorder.queries.filter(isWatchedRead);
    const indexes = await loadIndexes(recorder.pool);
    const scans = (
      await Promise.all([
        ...reads.map((q) => fullScansOf(recorder.pool, indexes, q, 'custom')),
        ...reads
          .filter((q) => q.values.length > 0 && isSharedPlan(q.text))
          .map((q) => fullScansOf(recorder.pool, indexes, q, 'generic')),
      ])
    ).flat();
    const failing = scans.filter((s) => FAILING_TABLES.has(s.table));
    expect(failing.map((s) => `${s.query.route}: ${s.node}\n${s.query.text}`)).toEqual([]);

    // Each statement with a per-viewer branch reads its tips member by member (user_id = m.id,
    // or user_id = ANY(...) as an index condition), not by walking a whole partial index.
    // With a country, a handful of rows lets the planner prefer tips_country_idx, and with a
    // search the words' GIN index (index conditions too, so no full scan, checked above): the
    // member-by-member check is for the other calls.
    const viewerBranches = reads.filter(
      (q) =>
        q.text.includes('viewer_connections') &&
        !q.text.includes('tips.id = ANY') &&
        !q.route.includes('country=') &&
        !q.route.includes('q='),
    );
    expect(viewerBranches.length).toBeGreaterThan(0);
    for (const q of viewerBranches) {
      const nodes = await plan(q);
      if (process.env.SHOW_PLANS)
        console.log(JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name'], n['Index Cond']])));
      const byUser = nodes.filter(
        (n) => n['Relation Name'] === 'tips' && /user_id = (m(_\d+)?\.id|ANY)/.test(n['Index Cond'] ?? ''),
      );
      expect(byUser.length, `${q.route}: ${q.text}`).toBeGreaterThan(0);
    }
  });

  it("shows the viewer the connection's shared tips and none of the blocked or suspended members'", async () => {
    const res = await t.call('GET', '/api/map/tips?west=135.765&south=35.01&east=135.772&north=35.014&zoom=17&q=counter', {
      cookie,
    });
    expect(res.json<{ total: number }>().total).toBe(2);
  });
});
