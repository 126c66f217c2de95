/**
 * Issue 19 item 11 (ADR 034): a live stream ends with its session, whatever ends the
 * session, and a member holds a bounded number of streams.
 */
import type { AddressInfo } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox, sessions } from '@db/schema';
import { type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';
import { SESSION_ABSOLUTE_SECONDS } from '../auth/better-auth';
import { STREAMS_PER_MEMBER } from './live-streams';
import { TOO_MANY_STREAMS } from './realtime.routes';
import { type SseStream, openSse } from '@server-test/sse-test-client';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('a live stream ends with its session', () => {
  let t: TestApp;
  let base: string;
  const open: SseStream[] = [];

  async function stream(cookie: string): Promise<SseStream> {
    const s = await openSse(`${base}/api/events`, { cookie });
    open.push(s);
    expect(s.status).toBe(200);
    expect((await s.next()).event).toBe('ready');
    return s;
  }

  /** The stream says `session-ended`, then ends; a notification sent after reaches nobody. */
  async function expectEnded(s: SseStream, userId?: string) {
    expect((await s.next()).event).toBe('session-ended');
    if (userId)
      await t.db
        .insert(notifications)
        .values({ userId, type: 'like', content: 'after the end' })
        .catch(() => undefined);
    await expect(s.next(2_000)).rejects.toThrow('stream ended');
  }

  async function expectOpen(s: SseStream, userId: string) {
    await t.db.insert(notifications).values({ userId, type: 'like', content: 'still live' });
    expect((await s.next()).event).toBe('notifications');
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t?.close();
  });

  it('on sign-out, and the cookie opens no new one', async () => {
    const m = await t.createMember('user', 'Sign Out');
    const s = await stream(m.cookie);
    expect((await t.call('POST', '/api/auth/sign-out', { cookie: m.cookie })).statusCode).toBe(204);
    await expectEnded(s, m.id);
    expect((await fetch(`${base}/api/events`, { headers: { cookie: m.cookie } })).status).toBe(401);
  });

  it("on a password change: the other sessions' streams end", async () => {
    const m = await t.createMember('user', 'Password Change');
    const other = await t.signIn(m.email, m.password);
    const here = await stream(m.cookie);
    const there = await stream(other);
    const res = await t.call('POST', '/api/auth/password', {
      cookie: m.cookie,
      body: { currentPassword: m.password, newPassword: 'a-new-password-2' },
    });
    expect(res.statusCode).toBe(204);
    await expectEnded(there, m.id);
    // This browser's session was issued anew: its stream ends too, and the new cookie opens one.
    await expectEnded(here);
    await expectOpen(await stream(sessionCookie(res)), m.id);
  });

  it("on a sign-in that replaces the browser's previous session", async () => {
    const m = await t.createMember('user', 'Sign In Again');
    const s = await stream(m.cookie);
    const res = await t.call('POST', '/api/auth/sign-in', { cookie: m.cookie, body: { email: m.email, password: m.password } });
    expect(res.statusCode).toBe(200);
    await expectEnded(s, m.id);
  });

  it('on deleting the account, and on an admin deleting the user', async () => {
    const self = await t.createMember('user', 'Self Delete');
    const s1 = await stream(self.cookie);
    expect((await t.call('DELETE', '/api/account', { cookie: self.cookie })).statusCode).toBe(204);
    await expectEnded(s1);

    const admin = await t.signInAdmin();
    const victim = await t.createMember('user', 'Admin Deleted');
    const s2 = await stream(victim.cookie);
    expect((await t.call('DELETE', `/api/admin/users/${victim.id}`, { cookie: admin })).statusCode).toBe(204);
    await expectEnded(s2);
  });

  it('on a role change: a member or an admin demoted to pending, an admin to member', async () => {
    const admin = await t.signInAdmin();
    for (const [from, to] of [
      ['user', 'pending'],
      ['admin', 'pending'],
      ['admin', 'user'],
    ] as const) {
      const m = await t.createMember(from, `Demoted ${from} ${to}`);
      const s = await stream(m.cookie);
      const res = await t.call('PATCH', `/api/admin/users/${m.id}/role`, { cookie: admin, body: { role: to } });
      expect(res.statusCode).toBe(200);
      await expectEnded(s, m.id);
    }
  });

  it('on a change made straight in the database (another process: NOTIFY), and not on an e-mail change', async () => {
    const m = await t.createMember('user', 'Changed Elsewhere');
    const s = await stream(m.cookie);
    // Both steps of an e-mail change (ADR 028): asked for with the password, confirmed by the mailed link.
    const newEmail = `new-${Date.now()}@example.com`;
    const asked = await t.call('POST', '/api/auth/email', {
      cookie: m.cookie,
      body: { email: newEmail, currentPassword: m.password },
    });
    expect(asked.statusCode).toBe(202);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, newEmail))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const token = new URL(mail!.bodyText.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
    expect((await t.call('POST', '/api/auth/email/confirm', { body: { token } })).statusCode).toBe(200);
    await expectOpen(s, m.id);
    await t.db.delete(sessions).where(eq(sessions.userId, m.id));
    await expectEnded(s, m.id);
  });

  it('when the session reaches its 30-day limit while the stream is open', async () => {
    const m = await t.createMember('user', 'Expiring');
    // Signed in 30 days ago less 1.5 s: still valid when the stream opens.
    const ago = SESSION_ABSOLUTE_SECONDS * 1000 - 1_500;
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(secs => ${ago / 1000})` })
      .where(eq(sessions.userId, m.id));
    const s = await stream(m.cookie);
    const openedAt = Date.now();
    await expectEnded(s);
    expect(Date.now() - openedAt).toBeLessThan(4_000);
  });

  it('leaves the streams of other members and other sessions open', async () => {
    const m = await t.createMember('user', 'Two Browsers');
    const bystander = await t.createMember('user', 'Bystander');
    const otherBrowser = await t.signIn(m.email, m.password);
    const kept = await stream(otherBrowser);
    const theirs = await stream(bystander.cookie);
    const ended = await stream(m.cookie);
    await t.call('POST', '/api/auth/sign-out', { cookie: m.cookie });
    await expectEnded(ended);
    await expectOpen(kept, m.id);
    await expectOpen(theirs, bystander.id);
  });
});

describe('streams per member and per session', () => {
  let t: TestApp;
  let base: string;
  let m: Member;
  const open: SseStream[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    m = await t.createMember('user', 'Many Streams');
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t?.close();
  });

  const openCount = async (cookie: string) =>
    (await t.call('GET', '/api/events/open', { cookie })).json<{ member: number; session: number }>();

  it('refuses GET /api/events/open without a session', async () => {
    expect((await t.call('GET', '/api/events/open')).statusCode).toBe(401);
  });

  it("replaces a session's oldest stream beyond two", async () => {
    const first = await openSse(`${base}/api/events`, { cookie: m.cookie });
    const second = await openSse(`${base}/api/events`, { cookie: m.cookie });
    open.push(first, second);
    expect((await first.next()).event).toBe('ready');
    expect((await second.next()).event).toBe('ready');
    expect(await openCount(m.cookie)).toEqual({ member: 2, session: 2 });
    const third = await openSse(`${base}/api/events`, { cookie: m.cookie });
    open.push(third);
    expect((await third.next()).event).toBe('ready');
    await expect(first.next(2_000)).rejects.toThrow('stream ended');
    expect(await openCount(m.cookie)).toEqual({ member: 2, session: 2 });
    await Promise.all([second.close(), third.close()]);
  });

  it(`refuses the member's stream number ${STREAMS_PER_MEMBER + 1} with 429 and a clear message`, async () => {
    const cookies = [
      m.cookie,
      ...(await Promise.all(Array.from({ length: STREAMS_PER_MEMBER }, () => t.signIn(m.email, m.password)))),
    ];
    // Wait for the closed streams of the test before to be gone.
    for (let i = 0; i < 50 && (await openCount(m.cookie)).member > 0; i++) await new Promise((r) => setTimeout(r, 50));
    for (const cookie of cookies.slice(0, STREAMS_PER_MEMBER)) {
      const s = await openSse(`${base}/api/events`, { cookie });
      open.push(s);
      expect(s.status).toBe(200);
    }
    const refused = await fetch(`${base}/api/events`, { headers: { cookie: cookies[STREAMS_PER_MEMBER]! } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, message: TOO_MANY_STREAMS });
    expect((await openCount(m.cookie)).member).toBe(STREAMS_PER_MEMBER);
    // Another member is not affected.
    const other = await t.createMember('user', 'Someone Else');
    const theirs = await openSse(`${base}/api/events`, { cookie: other.cookie });
    open.push(theirs);
    expect(theirs.status).toBe(200);
  });
});
