/**
 * Issue 25's lists read about a page, on the first page and deep in: the admin's Reports tab,
 * audit log and Outbox jobs, and a member's Blocked members. Each is called through the app, its
 * SQL recorded and run again under EXPLAIN ANALYZE on PostgreSQL with seq scans off, as the
 * custom plan and as the generic plan a named statement may switch to (page-reads.ts): no Seq
 * Scan, and the rows read from the list's table stay within a few pages, however many rows the
 * table holds (thousands here) and however deep the page. And each statement is planned once per
 * connection: PostgreSQL keeps its generic plan, rather than planning it again on every call.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '@db/rows';
import { WALKED_USERS } from '@server/modules/admin/admin.repository';
import { insertTip } from '../content-fixtures';
import { type TestApp, createTestApp } from '../test-app';
import { type TableReads, readsOf } from './page-reads';
import { plansTaken } from './plan-cache';
import { recordQueries } from './query-recorder';

interface ListCase {
  url: string;
  table: string;
  limit: number;
  /** Items walked (pages of 50) before the deep page. */
  depth: number;
  /** The most rows of `table` a page may read, as a count of pages (limit + 1 rows each). */
  pagesRead: number;
  /** The deep page's own limit, where it is not pagesRead's. */
  deepRowsRead?: number;
  as: 'admin' | 'blocker';
  /**
   * A member's own list: how many rows it holds differs from member to member (1 block or 500),
   * so each call's plan is made for that member (`LIMIT $n`): with the page size written in, the
   * generic plan, made for an average member, read and sorted all of a heavy blocker's rows.
   */
  plannedPerMember?: boolean;
}

const LISTS: ListCase[] = [
  // 330 things with 2 open reports each, the two a second apart: a page walks about two open
  // reports per thing, each probing its thing's two for a newer one, then reads the page's reports.
  { url: '/api/admin/reports', table: 'reports', limit: 20, depth: 200, pagesRead: 8, as: 'admin' },
  { url: '/api/admin/audit-log', table: 'audit_log', limit: 30, depth: 4_000, pagesRead: 2, as: 'admin' },
  { url: '/api/admin/jobs', table: 'jobs', limit: 20, depth: 4_000, pagesRead: 2, as: 'admin' },
  // Issue 36: the Reports tab's Handled view, 5,000 decisions.
  { url: '/api/admin/reports/handled', table: 'moderation_decisions', limit: 20, depth: 4_000, pagesRead: 2, as: 'admin' },
  // The blocker's 300 blocks among 3,100. Deep in, PostgreSQL may read the rest of the blocker's
  // rows (150, a few heap pages) and sort them rather than walk the index: still one member's
  // list, never the other members' rows.
  {
    url: '/api/blocks',
    table: 'blocks',
    limit: 20,
    depth: 150,
    pagesRead: 2,
    deepRowsRead: 151,
    as: 'blocker',
    plannedPerMember: true,
  },
];

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')("issue 25's lists on PostgreSQL", () => {
  let t: TestApp;
  let recorder: ReturnType<typeof recordQueries>;
  const cookies = { admin: '', blocker: '' };

  beforeAll(async () => {
    t = await createTestApp();
    cookies.admin = await t.signInAdmin();
    const blocker = await t.createMember('user', 'Bea Blocker');
    cookies.blocker = blocker.cookie;
    const author = await t.createMember('user', 'Ann Author');
    const tipIds: string[] = [];
    for (let i = 0; i < 30; i++) tipIds.push((await insertTip(t.db, author.id, { title: `Reported tip ${i}` })).id);
    const members = await executeRows<{ id: string }>(
      t.db,
      sql`INSERT INTO users (name, email, email_verified) SELECT 'Member ' || g, 'member' || g || '@explain.test', true
          FROM generate_series(1, 400) g RETURNING id`,
    );
    const ids = sql.raw(`ARRAY[${members.map((m) => `'${m.id}'`).join(',')}]::uuid[]`);
    await t.db.execute(sql`INSERT INTO profiles (user_id, name, username, country, currency)
      SELECT id, 'Member', 'member-' || id, 'Japan', 'JPY' FROM unnest(${ids}) id`);
    // Reported things: the 30 tips and members 1-300, each with two open reports a second apart;
    // members 301-400 with 40 closed reports each (4,000).
    await t.db.execute(sql`
      WITH things AS (
        SELECT n, tip, NULL::uuid AS member FROM unnest(${sql.raw(`ARRAY[${tipIds.map((id) => `'${id}'`).join(',')}]::uuid[]`)}) WITH ORDINALITY AS x(tip, n)
        UNION ALL SELECT 30 + n, NULL, member FROM unnest((${ids})[1:300]) WITH ORDINALITY AS x(member, n))
      INSERT INTO reports (reporter_id, tip_id, member_id, reason, created_at)
      SELECT (${ids})[300 + r], tip, member, 'spam', now() - make_interval(secs => n * 10 + r)
      FROM things, generate_series(1, 2) r`);
    await t.db.execute(sql`
      INSERT INTO reports (reporter_id, member_id, reason, outcome, resolved_at, created_at)
      SELECT ${author.id}::uuid, (${ids})[300 + m], 'spam', 'dismissed', now(), now() - make_interval(days => 1, secs => m * 100 + g)
      FROM generate_series(1, 100) m, generate_series(1, 40) g`);
    await t.db.execute(sql`
      INSERT INTO audit_log (action, target_type, created_at)
      SELECT 'role.change', 'member', now() - make_interval(secs => g) FROM generate_series(1, 5000) g`);
    await t.db.execute(sql`
      INSERT INTO moderation_decisions (outcome, target_type, target_id, title, member_id, reason, moderator_id,
                                        report_count, report_reasons, created_at)
      SELECT 'dismissed', 'member', (${ids})[1 + g % 400], 'Member', (${ids})[1 + g % 400], 'spam', ${author.id}::uuid, 2,
             ARRAY['spam'], now() - make_interval(secs => g) FROM generate_series(1, 5000) g`);
    await t.db.execute(sql`
      INSERT INTO jobs (kind, key, payload, run_at, finished_as, finished_at)
      SELECT 'notification-email', 'explain:' || g, '{}', now(), 'done', now() FROM generate_series(1, 5000) g`);
    // The blocker's 300 blocks, a minute apart; 2,800 between the other members.
    await t.db.execute(sql`
      INSERT INTO blocks (blocker_id, blocked_id, created_at)
      SELECT ${blocker.id}::uuid, id, now() - make_interval(mins => n::int) FROM unnest((${ids})[1:300]) WITH ORDINALITY AS x(id, n)`);
    await t.db.execute(sql`
      INSERT INTO blocks (blocker_id, blocked_id)
      SELECT (${ids})[i], (${ids})[1 + (i + k) % 400] FROM generate_series(1, 400) i, generate_series(1, 7) k`);
    // One member with a name and handle of their own, for the admin's user search (issue 36).
    await t.db.execute(sql`UPDATE profiles SET name = 'Quentin Marsh-Lowe', username = 'salt_marsh_walker'
      WHERE user_id = (${ids})[137]`);
    for (const table of ['reports', 'audit_log', 'jobs', 'blocks', 'moderation_decisions', 'users', 'profiles'])
      await t.db.execute(sql.raw(`ANALYZE ${table}`));
    recorder = recordQueries(t.database);
  });
  afterAll(() => t?.close());

  async function get(url: string, as: ListCase['as'], label?: string) {
    const call = () => t.call('GET', url, { cookie: cookies[as] });
    const res = label ? await recorder.during(label, call) : await call();
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res.json<{ items: unknown[]; nextCursor: string | null }>();
  }

  async function deepCursor(list: ListCase): Promise<string> {
    let cursor = '';
    for (let items = 0; items < list.depth;) {
      const page = await get(`${list.url}?limit=50${cursor ? `&cursor=${cursor}` : ''}`, list.as);
      items += page.items.length;
      expect(page.nextCursor, `${list.url} ends before ${list.depth} items`).toBeTruthy();
      cursor = page.nextCursor!;
    }
    return cursor;
  }

  it.each(LISTS)('$url reads about a page, first and deep, on either plan', async (list) => {
    const first = await get(`${list.url}?limit=${list.limit}`, list.as, `first ${list.url}`);
    expect(first.items).toHaveLength(list.limit);
    const deep = await get(`${list.url}?limit=${list.limit}&cursor=${await deepCursor(list)}`, list.as, `deep ${list.url}`);
    expect(deep.items).toHaveLength(list.limit);

    const reads = (label: string) =>
      recorder.queries.filter((q) => q.route === label && new RegExp(`from "${list.table}"`, 'i').test(q.text));
    const pageBudget = list.pagesRead * (list.limit + 1);
    for (const [label, budget] of [
      [`first ${list.url}`, pageBudget],
      [`deep ${list.url}`, list.deepRowsRead ?? pageBudget],
    ] as const) {
      const queries = reads(label);
      expect(queries.length, `${label}: no query of ${list.table} recorded`).toBeGreaterThan(0);
      for (const q of queries) {
        for (const kind of ['custom', 'generic'] as const) {
          const r = await readsOf(recorder.pool, q, list.table, kind);
          const seen = `${label} (${kind} plan): ${r.scans.join('; ')}\n${q.text}`;
          expect(r.seqScans, seen).toBe(0);
          expect(r.rows, seen).toBeLessThanOrEqual(budget);
        }
      }
    }
  });

  // Issue 36 (ADR 112): User Management's search walks the accounts newest first and stops at a
  // page, or, when that walk of WALKED_USERS falls short, gathers the matches. By a part of the
  // e-mail, of the name, of the handle; "member" is in every e-mail, so its page is found within
  // its first rows. Which index the gathering reads depends on the table's size: with 400
  // members, the primary key with a filter costs less than a trigram bitmap; the bench set's
  // figures are in docs/performance.md.
  it.each([
    { q: 'member137@explain', found: 1, walked: WALKED_USERS },
    { q: 'marsh-lo', found: 1, walked: WALKED_USERS },
    { q: 'marsh_walk', found: 1, walked: WALKED_USERS },
    { q: 'member', found: 20, walked: 21 },
  ])('the admin user search for $q walks at most its window, then gathers', async ({ q, found, walked }) => {
    const label = `search ${q}`;
    const page = await get(`/api/admin/users?limit=20&q=${encodeURIComponent(q)}`, 'admin', label);
    expect(page.items).toHaveLength(found);
    const queries = recorder.queries.filter((r) => r.route === label && /from users/i.test(r.text));
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      for (const kind of ['custom', 'generic'] as const) {
        const seen = (table: string, r: TableReads) => `${label} on ${table} (${kind}): ${r.scans.join('; ')}\n${query.text}`;
        const onUsers = await readsOf(recorder.pool, query, 'users', kind);
        expect(onUsers.seqScans, seen('users', onUsers)).toBe(0);
        const walk = onUsers.scans.filter((s) => s.includes('users_created_idx'));
        expect(walk.length, seen('users', onUsers)).toBe(1);
        expect(Number(/: (\d+) rows/.exec(walk[0]!)?.[1]), seen('users', onUsers)).toBeLessThanOrEqual(walked);
        // A common fragment's page is the walk's: nothing gathered, the page's rows read once more.
        if (found === 20) expect(onUsers.rows, seen('users', onUsers)).toBeLessThanOrEqual(2 * 21);
        const onProfiles = await readsOf(recorder.pool, query, 'profiles', kind);
        expect(onProfiles.seqScans, seen('profiles', onProfiles)).toBe(0);
        // Roles are read for the page's rows only.
        const onRoles = await readsOf(recorder.pool, query, 'user_roles', kind);
        expect(onRoles.rows, seen('user_roles', onRoles)).toBeLessThanOrEqual(21);
      }
      // One generic plan for every search: the words are read through sub-selects.
      expect((await plansTaken(recorder.pool, query, 8)).generic, query.text).toBeGreaterThan(0);
    }
  });

  // A page statement PostgreSQL plans on every call costs its planning each time: the Reports
  // tab's five-table statement took 3 ms to plan and 0.6 ms to run on the bench set.
  it.each(LISTS.filter((l) => !l.plannedPerMember))('$url keeps one plan per statement, first and deep', async (list) => {
    const cursor = await deepCursor(list);
    await get(`${list.url}?limit=${list.limit}`, list.as, `plans of ${list.url}`);
    await get(`${list.url}?limit=${list.limit}&cursor=${cursor}`, list.as, `plans of ${list.url}`);
    const queries = recorder.queries.filter((q) => q.route === `plans of ${list.url}` && /^\s*select/i.test(q.text));
    expect(queries.length).toBeGreaterThanOrEqual(2);
    for (const q of queries) {
      const plans = await plansTaken(recorder.pool, q, 8);
      expect(plans.generic, `${list.url} planned again on every call (${JSON.stringify(plans)}):\n${q.text}`).toBeGreaterThan(0);
    }
  });
});
