/**
 * Issue 24 (ADR 074): the member's session list reads the sessions table through its user index,
 * on both pages of a keyset walk, however many sessions other members (or a script) made.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@db/schema';
import { type TestApp, createTestApp } from '../test-app';
import { fullScansOf, loadIndexes, planLines } from './full-scans';
import { recordQueries } from './query-recorder';

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('the session list on PostgreSQL', () => {
  let t: TestApp;
  let cookie: string;
  let recorder: ReturnType<typeof recordQueries>;

  beforeAll(async () => {
    t = await createTestApp();
    const member = await t.createMember();
    cookie = member.cookie;
    const others = await Promise.all([1, 2, 3].map(() => t.createMember()));
    // 300 sessions of the member (a script signing in), 3,000 of others.
    const rows = (userId: string, n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({
        userId,
        token: `${tag}-${userId}-${i}`,
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date(Date.now() - i * 60_000),
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      }));
    await t.db.insert(sessions).values(rows(member.id, 300, 'script'));
    for (const other of others) await t.db.insert(sessions).values(rows(other.id, 1000, 'other'));
    await t.db.execute(sql`ANALYZE sessions`);
    recorder = recordQueries(t.database);
  });
  afterAll(() => t?.close());

  it('walks sessions_user_id_idx with an index condition on the first page and the next', async () => {
    const first = await recorder.during('GET /api/auth/sessions', () => t.call('GET', '/api/auth/sessions?limit=2', { cookie }));
    expect(first.statusCode).toBe(200);
    const { nextCursor } = first.json<{ nextCursor: string }>();
    expect(nextCursor).toBeTruthy();
    const second = await recorder.during('GET /api/auth/sessions cursor', () =>
      t.call('GET', `/api/auth/sessions?limit=2&cursor=${nextCursor}`, { cookie }),
    );
    expect(second.statusCode).toBe(200);

    const lists = recorder.queries.filter(
      (q) => /^\s*select/i.test(q.text) && /"sessions"/.test(q.text) && /order by/i.test(q.text),
    );
    expect(lists).toHaveLength(2);
    const indexes = await loadIndexes(recorder.pool);
    for (const q of lists) {
      expect(await fullScansOf(recorder.pool, indexes, q, 'custom'), q.text).toEqual([]);
      const plan = (await planLines(recorder.pool, q, 'custom')).join('\n');
      expect(plan, plan).toMatch(/sessions_user_id_idx/);
    }
  });
});
