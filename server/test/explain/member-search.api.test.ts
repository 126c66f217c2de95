/**
 * Issue 36 (ADR 111): the members' search walks names in its order on profiles_sort_name_idx and
 * stops after a page; only when the walk falls short does it gather the matches through the
 * trigram indexes. A member's role is one probe of user_roles'
 * unique index, never a read of every role: joined to every match before the sort, that read was
 * most of the 3-5 ms of PostgreSQL CPU the search cost on the full bench set.
 * Checked as the custom and as the generic plan, with sequential and bitmap scans off (full-scans.ts
 * says why): with a few rows a bitmap scan and a sort cost less than any walk. The gathering then
 * reads the order's index too (the trigram indexes are only read by bitmap).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test-app';
import { plansTaken } from './plan-cache';
import { type RecordedQuery, recordQueries } from './query-recorder';
import { type PlanNode, walkPlanOf } from './walk-plan';

/** Each scan of a table in the plan, as "<node type> <index> on <table>". */
function scans(node: PlanNode, out: string[] = []): string[] {
  if (node['Relation Name']) out.push(`${node['Node Type']} ${node['Index Name'] ?? '-'} on ${node['Relation Name']}`);
  for (const child of node.Plans ?? []) scans(child, out);
  return out;
}

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')("the members' search on PostgreSQL", () => {
  let t: TestApp;
  let recorder: ReturnType<typeof recordQueries>;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await t.createMember('user', 'Mia Searcher')).cookie;
    for (const name of ['Ana Lima', 'Ana Silva', 'Diana Rossi', 'Mariana Costa', 'Otto Other'])
      await t.createMember('user', name);
    recorder = recordQueries(t.database);
  });
  afterAll(() => t?.close());

  /** The search's statements for a first page and the next. */
  async function searchQueries(q: string): Promise<RecordedQuery[]> {
    const url = `/api/members?q=${q}&limit=2`;
    const first = await recorder.during(url, () => t.call('GET', url, { cookie }));
    expect(first.statusCode, first.body).toBe(200);
    const next = first.json<{ nextCursor: string | null }>().nextCursor;
    expect(next, `${url} has a second page`).toBeTruthy();
    await recorder.during(url, () => t.call('GET', `${url}&cursor=${next}`, { cookie }));
    const sent = recorder.queries.filter((r) => r.route === url && r.text.includes('member_hidden'));
    expect(sent.length, `${url}: search statements recorded`).toBe(2);
    return sent;
  }

  it('walks profiles_sort_name_idx in order and probes user_roles by its unique index', async () => {
    for (const q of await searchQueries('ana')) {
      for (const generic of [false, true]) {
        const found = scans(await walkPlanOf(recorder.pool, q, generic));
        const label = `${generic ? 'generic' : 'custom'} plan: ${found.join('; ')}\n${q.text}`;
        // An index-only scan on the bench set; an index scan where the visibility map is not yet set.
        expect(
          found.some((s) => / profiles_sort_name_idx on profiles$/.test(s)),
          label,
        ).toBe(true);
        expect(
          found.filter((s) => s.endsWith(' on user_roles')),
          label,
        ).toEqual(
          found.filter((s) => s.endsWith(' on user_roles')).map(() => 'Index Scan user_roles_userId_unique on user_roles'),
        );
        expect(
          found.filter((s) => s.startsWith('Seq Scan') && / on (profiles|user_roles)$/.test(s)),
          label,
        ).toEqual([]);
      }
    }
  });

  it('is planned once: the plan cache keeps its generic plan', async () => {
    const [first] = await searchQueries('an');
    expect(await plansTaken(recorder.pool, first!, 8)).toEqual({ generic: 3, custom: 5 });
  });
});
