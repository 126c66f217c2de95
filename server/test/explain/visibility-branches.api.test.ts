/**
 * Issue 25 (ADR 082): with the visibility rule in place, each keyset branch of Explore, a
 * member's list and the home feed still walks its own index in (created_at, id) order and stops
 * after a page: the public half on the is_private = false indexes, the viewer's own and their
 * connections' connections-only items on the (user_id, created_at) WHERE is_private = true ones.
 * Explore makes its pages from keys the server keeps (ADR 097): the statements that read those
 * keys walk the same indexes, the page's cards are read by primary key, and the statement that
 * computes a page when the kept keys cannot tell it walks as before.
 * A Sort straight over a scan of tips or guides would mean a branch reads every row it may show.
 * (The country filter's branches are left to list-queries.api.test.ts: with this scene's few rows
 * the planner rightly reads a country's rows by tips_country_idx and sorts them.)
 * Checked as the custom and as the generic plan, with sequential and bitmap scans off (with a
 * few rows the planner rightly prefers them; full-scans.ts says why).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, tipTypes, tips, users } from '@db/schema';
import { PROBED_CONNECTIONS } from '@server/modules/content/content-keys.repository';
import { listContentPage } from '@server/modules/content/content-page.repository';
import { type TestApp, createTestApp } from '../test-app';
import { plansTaken } from './plan-cache';
import { type RecordedQuery, recordQueries } from './query-recorder';
import { type PlanNode, walkPlanOf } from './walk-plan';
import { buildScene } from './scene';

const CONTENT = new Set(['tips', 'guides']);
const isContentScan = (n: PlanNode) => n['Relation Name'] !== undefined && CONTENT.has(n['Relation Name']);

/** The indexes the plan walks on tips and guides, and the scans of them a Sort sits straight on. */
function walk(node: PlanNode, parent?: PlanNode, out = { indexes: [] as string[], sorted: [] as string[] }) {
  if (isContentScan(node)) {
    if (node['Index Name']) out.indexes.push(node['Index Name']);
    if (parent?.['Node Type'] === 'Sort')
      out.sorted.push(`${node['Node Type']} ${node['Index Name'] ?? ''} on ${node['Relation Name']}`);
  }
  for (const child of node.Plans ?? []) walk(child, node, out);
  return out;
}

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('the visibility branches on PostgreSQL', () => {
  let t: TestApp;
  let recorder: ReturnType<typeof recordQueries>;
  let scene: Awaited<ReturnType<typeof buildScene>>;

  beforeAll(async () => {
    t = await createTestApp();
    scene = await buildScene(t);
    recorder = recordQueries(t.database);
  });
  afterAll(() => t?.close());

  /** The page queries (keys joined to cards) a route sends, first page and the next. */
  async function pageQueries(url: string): Promise<RecordedQuery[]> {
    const cookie = scene.viewer.cookie;
    const first = await recorder.during(url, () => t.call('GET', `${url}${url.includes('?') ? '&' : '?'}limit=2`, { cookie }));
    expect(first.statusCode, first.body).toBe(200);
    const next = first.json<{ nextCursor: string | null }>().nextCursor;
    expect(next, `${url} has a second page`).toBeTruthy();
    await recorder.during(url, () => t.call('GET', `${url}${url.includes('?') ? '&' : '?'}limit=2&cursor=${next}`, { cookie }));
    const pages = recorder.queries.filter((q) => q.route === url && /order by/i.test(q.text) && /limit 3/i.test(q.text));
    expect(pages.length, `${url}: page queries recorded`).toBe(2);
    return pages;
  }

  /**
   * Per case, groups of indexes: each group must have one of its indexes in the plan. A
   * connection's connections-only items are probed on the user's private index, or, with this
   * scene's few rows, on *_shared_created_idx filtered by the user (the planner's choice).
   */
  const tipsShared = ['tips_private_user_created_idx', 'tips_shared_created_idx'];
  const guidesShared = ['guides_private_user_created_idx', 'guides_shared_created_idx'];
  const cases: { url: string; groups: string[][] }[] = [
    {
      url: '/api/home/feed',
      groups: [['tips_public_user_created_idx'], ['guides_public_user_created_idx'], tipsShared, guidesShared],
    },
  ];

  /** Each page query of `url`, as both plans: one index of each group walked, no Sort over a scan. */
  async function expectGroupsWalked(url: string, groups: string[][], pageUrl = url) {
    for (const q of await pageQueries(pageUrl)) {
      for (const generic of [false, true]) {
        const found = walk(await walkPlanOf(recorder.pool, q, generic));
        const label = `${url} (${generic ? 'generic' : 'custom'} plan)\n${q.text}`;
        for (const group of groups)
          expect(
            group.some((i) => found.indexes.includes(i)),
            `${group.join(' or ')}: ${label}`,
          ).toBe(true);
        expect(found.sorted, label).toEqual([]);
      }
    }
  }

  it.each(cases)('$url walks each branch in order on its index', async ({ url, groups }) => {
    await expectGroupsWalked(url, groups);
  });

  /** What Explore sent for the viewer's first two pages: the kept keys' reads and the pages of cards. */
  async function exploreQueries() {
    const url = '/api/explore?type=all';
    const cookie = scene.viewer.cookie;
    const sentFor = (text: string) => recorder.queries.filter((q) => q.route === url && q.text.includes(text));
    // The first page starts the kept keys' reads in the background: the route stays recorded until both ran.
    await recorder.during(url, async () => {
      await t.call('GET', `${url}&limit=2`, { cookie });
      for (let i = 0; i < 250 && (sentFor('public_tips AS').length === 0 || sentFor('shared_tips AS').length === 0); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // A read is recorded when sent: under load the page may come before it is done, and be computed.
    const keptPages = () => sentFor('WITH ORDINALITY AS page').length;
    let first = await recorder.during(url, () => t.call('GET', `${url}&limit=2`, { cookie }));
    for (let i = 0; i < 50 && keptPages() === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      first = await recorder.during(url, () => t.call('GET', `${url}&limit=2`, { cookie }));
    }
    expect(first.statusCode, first.body).toBe(200);
    const next = first.json<{ nextCursor: string | null }>().nextCursor;
    expect(next, 'Explore has a second page').toBeTruthy();
    await recorder.during(url, () => t.call('GET', `${url}&limit=2&cursor=${next}`, { cookie }));
    const sent = recorder.queries.filter((q) => q.route === url);
    return {
      publicKeys: sent.filter((q) => q.text.includes('public_tips AS MATERIALIZED')),
      viewerKeys: sent.filter((q) => q.text.includes('shared_tips AS MATERIALIZED')),
      pages: sent.filter((q) => q.text.includes('WITH ORDINALITY AS page')),
    };
  }

  it("Explore's kept keys walk the public and per-member indexes; its pages read cards by primary key", async () => {
    const { publicKeys, viewerKeys, pages } = await exploreQueries();
    expect([publicKeys.length, viewerKeys.length, pages.length], 'public keys, viewer keys, pages').toEqual([1, 1, 2]);
    for (const generic of [false, true]) {
      const publicWalk = walk(await walkPlanOf(recorder.pool, publicKeys[0]!, generic));
      expect(publicWalk.indexes, publicKeys[0]!.text).toEqual(
        expect.arrayContaining(['tips_public_created_idx', 'guides_public_created_idx']),
      );
      expect(publicWalk.sorted, publicKeys[0]!.text).toEqual([]);
      const viewerWalk = walk(await walkPlanOf(recorder.pool, viewerKeys[0]!, generic));
      for (const group of [tipsShared, guidesShared, ['tips_private_user_created_idx'], ['guides_private_user_created_idx']])
        expect(
          group.some((i) => viewerWalk.indexes.includes(i)),
          `${group.join(' or ')}: ${viewerKeys[0]!.text}`,
        ).toBe(true);
      expect(viewerWalk.sorted, viewerKeys[0]!.text).toEqual([]);
      const cards = walk(await walkPlanOf(recorder.pool, pages[0]!, generic));
      expect(new Set(cards.indexes), pages[0]!.text).toEqual(new Set(['tips_pkey', 'guides_pkey']));
    }
  });

  it('Explore and the feed are planned once: the plan cache keeps their generic plans', async () => {
    const { pages } = await exploreQueries();
    const [feed] = recorder.queries.filter((q) => q.route === '/api/home/feed' && /limit 3/i.test(q.text));
    for (const [name, first] of [
      ['explore', pages[0]],
      ['feed', feed],
    ] as const) {
      expect(first, name).toBeDefined();
      expect(await plansTaken(recorder.pool, first!, 8), name).toEqual({ generic: 3, custom: 5 });
    }
  });

  it("another member's list walks their (user_id, created_at) index in order", async () => {
    const url = `/api/users/${scene.other.id}/content?type=tips`;
    for (const q of await pageQueries(url)) {
      for (const generic of [false, true]) {
        const found = walk(await walkPlanOf(recorder.pool, q, generic));
        expect(found.sorted, q.text).toEqual([]);
        expect(
          [...found.indexes].some((i) => i.startsWith('tips_') && i.includes('user_created')),
          q.text,
        ).toBe(true);
      }
    }
  });

  /**
   * Issue 36 (ADR 105, 111): Explore's other orders and its category. Each branch walks an index
   * in its order, the viewer's own items too (they were read whole and sorted: 943 for the bench
   * set's member 1), and a category's public and connections-only branches walk its tip type.
   */
  const rankedCases: { url: string; groups: string[][] }[] = [
    {
      url: '/api/explore?type=all&sort=liked',
      groups: [
        ['tips_public_liked_idx'],
        ['guides_public_liked_idx'],
        ['tips_private_user_liked_idx'],
        ['guides_private_user_liked_idx'],
        ['tips_shared_liked_idx'],
      ],
    },
    {
      url: '/api/explore?type=tips&sort=rated',
      groups: [['tips_public_rated_idx'], ['tips_private_user_rated_idx'], ['tips_shared_rated_idx']],
    },
    {
      url: '/api/explore?type=all&tipType=:tipType',
      groups: [['tips_public_type_created_idx'], ['tips_private_user_created_idx'], ['tips_shared_type_created_idx']],
    },
  ];

  it.each(rankedCases)('$url walks each branch in its order on its index', async ({ url, groups }) => {
    // Every tip of the scene in one category, so the category's pages have rows.
    const [type] = await t.db.select({ id: tipTypes.id }).from(tipTypes).orderBy(tipTypes.name).limit(1);
    await t.db.update(tips).set({ tipTypeId: type!.id });
    await expectGroupsWalked(url, groups, url.replace(':tipType', type!.id));
  });

  // Last: it gives the viewer many connections, so Explore's computed connections branch walks instead.
  it('with many connections, the statement that computes the lists walks *_shared_created_idx', async () => {
    const extra = await t.db
      .insert(users)
      .values(Array.from({ length: PROBED_CONNECTIONS }, (_, i) => ({ name: `Extra ${i}`, email: `extra${i}@explain.test` })))
      .returning({ id: users.id });
    await t.db
      .insert(connections)
      .values(extra.map((e) => ({ requesterId: e.id, addresseeId: scene.viewer.id, status: 'accepted' as const })));
    recorder.queries.length = 0;
    const computed = { scope: { kind: 'visible' as const, viewerId: scene.viewer.id } };
    await recorder.during('computed', () => listContentPage(t.db, 'all', computed, null, 2));
    const [first] = recorder.queries.filter((q) => q.route === 'computed');
    expect(first?.text, 'the statement computes the lists').toContain('viewer_connections');
    for (const generic of [false, true]) {
      const found = walk(await walkPlanOf(recorder.pool, first!, generic));
      expect(found.indexes, first!.text).toEqual(
        expect.arrayContaining(['tips_shared_created_idx', 'guides_shared_created_idx']),
      );
      expect(found.sorted, first!.text).toEqual([]);
    }
  });
});
