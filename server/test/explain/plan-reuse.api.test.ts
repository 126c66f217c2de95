/**
 * A named statement is planned once per connection only if PostgreSQL keeps its generic plan; if
 * every custom plan looks cheaper, it plans the statement again on every call. Seen on the bench
 * set: the Reports tab (3 ms of planning a page), the home's most liked (ADR 099). Calls every
 * list route, runs each named statement it sent 8 times under one name on PostgreSQL, and asks
 * pg_prepared_statements how it was planned.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isRead, isSharedPlan } from '@db/named-statements';
import { routeOf } from './list-routes';
import { callEveryList, listScene } from './list-scene';
import { plansTaken } from './plan-cache';
import type { RecordedQuery } from './query-recorder';

/** Statements planned for each call's values on purpose: the best plan differs from call to call. */
const PLANNED_PER_CALL: { route: string; sqlIncludes: string; why: string }[] = [
  {
    route: 'GET /api/users/:id/content',
    sqlIncludes: 'select page.kind',
    why: "one member's list: whether the viewer is its owner ($2 = $3) decides if the visibility rule runs at all",
  },
  { route: 'GET /api/users/:id/content/counts', sqlIncludes: 'select count(*)', why: 'as the list above' },
  {
    route: 'GET /api/map/tips',
    sqlIncludes: 'FROM unnest($1::bigint[], $2::bigint[])',
    why: "a view's ranges of cells: one for a street, hundreds for the world (ADR 062)",
  },
];

const isPlannedPerCall = (q: RecordedQuery) =>
  PLANNED_PER_CALL.some((p) => routeOf(q.route) === p.route && q.text.includes(p.sqlIncludes));

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('plans kept by named statements on PostgreSQL', () => {
  const scene = listScene();

  it('keeps a generic plan for every list statement', async () => {
    const { recorder } = scene;
    await callEveryList(scene);
    const named = new Map<string, RecordedQuery>();
    for (const q of recorder.queries) {
      if (q.values.length > 0 && isSharedPlan(q.text) && isRead(q.text) && !named.has(q.text)) named.set(q.text, q);
    }
    const replanned: string[] = [];
    let onPurpose = 0;
    for (const q of named.values()) {
      if ((await plansTaken(recorder.pool, q, 8)).generic > 0) continue;
      if (isPlannedPerCall(q)) onPurpose++;
      else replanned.push(`${routeOf(q.route)}: ${q.text}`);
    }
    console.log(
      `plan reuse: ${named.size} named statements; planned on every call: ${onPurpose} on purpose, ${replanned.length} not`,
    );
    expect(replanned).toEqual([]);
    // 8 runs of each of ~125 statements: over 30 s on a loaded host (issue 36 added Explore's orders).
  }, 120_000);

  // The small scene's tips all lie in the 30-day window, so a custom plan saw nothing a generic
  // one did not. With most liked tips older than the window (as on a community's second month),
  // seeing the window's start made every custom plan look cheaper.
  it("keeps a generic plan for the home's most liked when most liked items are older", async () => {
    const { t, recorder, cookies } = scene;
    const author = await t.createMember('user', 'Lia Liked');
    await t.db.execute(sql`
      INSERT INTO tips (user_id, title, country, city, description, search_text, likes_count, created_at)
      SELECT ${author.id}::uuid, 'Liked ' || g, 'Japan', 'Kyoto', 'Liked tip', 'liked tip', 1 + g % 50,
        now() - make_interval(days => g % 400)
      FROM generate_series(1, 20000) g`);
    await t.db.execute(sql`ANALYZE tips`);
    recorder.queries.length = 0;
    const first = await recorder.during('popular', () => t.call('GET', '/api/home/popular?limit=2', { cookie: cookies.viewer }));
    const next = first.json<{ nextCursor: string | null }>().nextCursor;
    expect(next).toBeTruthy();
    await recorder.during('popular', () => t.call('GET', `/api/home/popular?limit=2&cursor=${next}`, { cookie: cookies.viewer }));
    const statements = recorder.queries.filter((q) => q.route === 'popular' && q.text.includes('likes_count'));
    expect(statements).toHaveLength(2);
    for (const q of statements) expect(await plansTaken(recorder.pool, q, 8), q.text).toMatchObject({ generic: 3 });
  });
});
