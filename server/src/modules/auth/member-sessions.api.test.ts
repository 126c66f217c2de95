/**
 * Issue 24, "where you're signed in" (ADR 074): a member lists and ends their own sessions only;
 * an ended session is refused at once; "last seen" is written at most once a few minutes.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberSession, SessionPage } from '@common/schemas/sessions';
import { TEXTS } from '@common/texts';
import { sessions } from '@db/schema';
import { type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';
import { openSse } from '@server-test/sse-test-client';
import { LAST_SEEN_INTERVAL_MS } from './last-seen';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<TestApp['createMember']>>;

async function signInWith(member: Member, userAgent: string): Promise<string> {
  const res = await t.call('POST', '/api/auth/sign-in', {
    body: { email: member.email, password: member.password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

const me = (cookie: string) => t.call('GET', '/api/auth/me', { cookie });
const list = (cookie: string, query = '') => t.call('GET', `/api/auth/sessions${query}`, { cookie });
const end = (cookie: string, id: string) => t.call('DELETE', `/api/auth/sessions/${id}`, { cookie });
const endOthers = (cookie: string) => t.call('POST', '/api/auth/sessions/sign-out-others', { cookie });

async function sessionIdOf(cookie: string): Promise<string> {
  const page = (await list(cookie)).json<SessionPage>();
  const current = page.items.find((s) => s.isCurrent);
  if (!current) throw new Error('no current session listed');
  return current.id;
}

describe('signed out', () => {
  it('every sessions route is 401', async () => {
    const member = await t.createMember();
    const id = await sessionIdOf(member.cookie);
    for (const res of [await list(''), await end('', id), await endOthers('')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(TEXTS.signInRequired);
    }
    expect((await me(member.cookie)).statusCode).toBe(200);
  });
});

describe('listing', () => {
  it("shows each live session's browser, OS, times and which one is this device", async () => {
    const member = await t.createMember();
    const laptop = await signInWith(member, FIREFOX_WINDOWS);
    const phone = await signInWith(member, SAFARI_IPHONE);
    const res = await list(phone);
    expect(res.statusCode).toBe(200);
    const page = res.json<SessionPage>();
    expect(page.nextCursor).toBeNull();
    // Newest sign-in first; the sign-up's own session is the third.
    expect(page.items).toHaveLength(3);
    const [first, second] = page.items as [MemberSession, MemberSession];
    expect(first).toMatchObject({ browser: 'Mobile Safari 17', os: 'iOS 17.5', deviceType: 'mobile', isCurrent: true });
    expect(second).toMatchObject({ browser: 'Firefox 133', os: 'Windows 10', deviceType: null, isCurrent: false });
    for (const s of page.items) {
      expect(Date.parse(s.createdAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt) - 1000);
    }
    expect(Object.keys(first).sort()).toEqual(['browser', 'createdAt', 'deviceType', 'id', 'isCurrent', 'lastSeenAt', 'os']);
    expect(
      (await list(laptop))
        .json<SessionPage>()
        .items.filter((s) => s.isCurrent)
        .map((s) => s.id),
    ).toEqual([second.id]);
  });

  it("never lists another member's sessions, nor expired ones", async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    await signInWith(other, FIREFOX_WINDOWS);
    const extra = await signInWith(member, FIREFOX_WINDOWS);
    const extraId = await sessionIdOf(extra);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, extraId));
    const ids = (await list(member.cookie)).json<SessionPage>().items.map((s) => s.id);
    const own = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.id));
    expect(ids).toHaveLength(1);
    expect(own.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(ids).not.toContain(extraId);
  });

  it('pages by keyset: every session once, however many sign-ins a script made', async () => {
    const member = await t.createMember();
    for (let i = 0; i < 6; i += 1) await signInWith(member, FIREFOX_WINDOWS);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(member.cookie, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page: SessionPage = res.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((await list(member.cookie, '?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await list(member.cookie, '?limit=1000')).statusCode).toBe(400);
  });

  it('a pending account sees its sessions too', async () => {
    const pending = await t.createMember('pending');
    expect((await list(pending.cookie)).statusCode).toBe(200);
  });
});

describe('ending one session', () => {
  it('ends another session of the caller at once: its requests get 401, its live stream ends', async () => {
    const member = await t.createMember();
    const phone = await signInWith(member, SAFARI_IPHONE);
    const phoneId = await sessionIdOf(phone);
    expect((await me(phone)).statusCode).toBe(200);
    const stream = await openSse(`${base}/api/events`, { cookie: phone });
    try {
      expect((await stream.next()).event).toBe('ready');
      const res = await end(member.cookie, phoneId);
      expect(res.statusCode).toBe(204);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await stream.next()).event).toBe('session-ended');
    } finally {
      await stream.close();
    }
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(member.cookie)).statusCode).toBe(200);
    expect((await end(member.cookie, phoneId)).statusCode).toBe(404);
  });

  it("answers another member's session id 404, as an unknown one, and leaves it alone", async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    const otherId = await sessionIdOf(other.cookie);
    for (const id of [otherId, '00000000-0000-4000-8000-000000000000']) {
      const res = await end(member.cookie, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TEXTS.sessionNotFound);
    }
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await end(member.cookie, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('ending the current session signs the caller out and clears the cookie', async () => {
    const member = await t.createMember();
    const res = await end(member.cookie, await sessionIdOf(member.cookie));
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cleared?.value).toBe('');
    expect((await me(member.cookie)).statusCode).toBe(401);
  });
});

describe('signing out everywhere else', () => {
  it('ends every other session of the caller and keeps this one', async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    const devices = [await signInWith(member, FIREFOX_WINDOWS), await signInWith(member, SAFARI_IPHONE)];
    const res = await endOthers(member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const cookie of devices) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(member.cookie)).statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await list(member.cookie)).json<SessionPage>().items.map((s) => s.isCurrent)).toEqual([true]);
    expect((await endOthers(member.cookie)).json()).toEqual({ ended: 0 });
  });
});

describe('last seen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const lastSeenOf = async (id: string) =>
    (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0]!.at.getTime();

  it('is written when a request looks the session up, at most once a few minutes, never from the cache', async () => {
    const member = await t.createMember();
    const cookie = await signInWith(member, FIREFOX_WINDOWS);
    const id = await sessionIdOf(cookie);
    const hourAgo = new Date(Date.now() - 60 * 60_000);

    // The session is in the cache now: requests answered from it write nothing.
    await t.db.update(sessions).set({ lastSeenAt: hourAgo }).where(eq(sessions.id, id));
    for (let i = 0; i < 5; i += 1) expect((await me(cookie)).statusCode).toBe(200);
    expect(await lastSeenOf(id)).toBe(hourAgo.getTime());

    // Past the interval (and the cache entry's minute), the next look-up records the use.
    const started = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(started + LAST_SEEN_INTERVAL_MS + 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    const written = await lastSeenOf(id);
    expect(written).toBeGreaterThanOrEqual(started + LAST_SEEN_INTERVAL_MS);

    // Two minutes on, the cache entry is gone but the last write is recent: nothing is written.
    vi.setSystemTime(started + LAST_SEEN_INTERVAL_MS + 3 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await lastSeenOf(id)).toBe(written);

    // Past the interval again: written again.
    vi.setSystemTime(started + 2 * LAST_SEEN_INTERVAL_MS + 2 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await lastSeenOf(id)).toBeGreaterThan(written);
  });
});
