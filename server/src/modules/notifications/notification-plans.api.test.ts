/**
 * Issue 7: the notifications list is one named statement per filter, cursor and page size, its
 * LIMIT written into the SQL and, but for the unread list, its recipient in a sub-select. Before,
 * a custom plan for a member with thousands of notifications was estimated cheaper than the
 * generic one, so PostgreSQL planned the list anew on every call; now it keeps the generic plan.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@db/schema';
import { plansTaken } from '@server-test/explain/plan-cache';
import { recordQueries } from '@server-test/explain/query-recorder';
import { type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
let busy: Awaited<ReturnType<TestApp['createMember']>>;

beforeAll(async () => {
  t = await createTestApp();
  busy = await t.createMember('user', 'Bea Busy');
  const actor = await t.createMember('user', 'Al Actor');
  // A community's skew: one member with thousands of notifications, many with a few.
  const quiet = [];
  for (let i = 0; i < 40; i++) quiet.push(await t.createMember('user', `Quiet ${i}`));
  const start = Date.parse('2026-01-01T00:00:00Z');
  const row = (userId: string, i: number) => ({
    userId,
    actorId: actor.id,
    type: 'connection_request' as const,
    content: `Al Actor wants to connect (${i})`,
    isRead: i % 3 === 0,
    createdAt: new Date(start + i * 1000),
  });
  const rows = [
    ...Array.from({ length: 3000 }, (_, i) => row(busy.id, i)),
    ...quiet.flatMap((m) => Array.from({ length: 8 }, (_, i) => row(m.id, i))),
  ];
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(notifications).values(rows.slice(i, i + 500));
  await t.db.execute(sql`ANALYZE notifications`);
});
afterAll(() => t?.close());

it('pages the busy member exactly, newest first', async () => {
  const first = await t.call('GET', '/api/notifications?limit=20', { cookie: busy.cookie });
  expect(first.statusCode, first.body).toBe(200);
  const page = first.json<{ items: { content: string }[]; nextCursor: string }>();
  expect(page.items.map((n) => n.content)).toEqual(
    Array.from({ length: 20 }, (_, i) => `Al Actor wants to connect (${2999 - i})`),
  );
  const next = await t.call('GET', `/api/notifications?limit=20&cursor=${page.nextCursor}`, { cookie: busy.cookie });
  expect(next.json<{ items: { content: string }[] }>().items[0]?.content).toBe('Al Actor wants to connect (2979)');
});

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('on PostgreSQL', () => {
  it('keeps the generic plan of the first and the next pages for a member with thousands of notifications', async () => {
    // (The unread list is planned for its member: see recipientIs in notifications.repository.ts.)
    const recorder = recordQueries(t.database);
    const listOf = (route: string) =>
      recorder.queries.filter((q) => q.route === route && /from "notifications"/.test(q.text) && /order by/.test(q.text));
    const first = await recorder.during('first', () => t.call('GET', '/api/notifications?limit=20', { cookie: busy.cookie }));
    const cursor = first.json<{ nextCursor: string }>().nextCursor;
    await recorder.during('next', () =>
      t.call('GET', `/api/notifications?limit=20&filter=read&cursor=${cursor}`, { cookie: busy.cookie }),
    );
    for (const route of ['first', 'next']) {
      const [list, ...more] = listOf(route);
      expect(more, route).toEqual([]);
      expect(list!.text, route).toMatch(/ limit 21$/);
      expect(await plansTaken(recorder.pool, list!, 8), route).toEqual({ generic: 3, custom: 5 });
    }
  });
});
