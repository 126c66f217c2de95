/**
 * Sessions against OWASP ASVS 5.0 level 2 (issue 6): random tokens stored hashed, idle and
 * absolute lifetimes, and one answer (in similar time) for an unknown e-mail and a wrong password.
 * Rotation at sign-in and revocation on sign-out and password change: auth.api.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@common/texts';
import { sessions } from '@db/schema';
import { type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from './better-auth';
import { hashSessionToken } from './hashed-session-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** The session token a cookie carries (better-auth signs it: `token.signature`, URL-encoded). */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}

const me = (cookie: string) => t.call('GET', '/api/auth/me', { cookie });

describe('session tokens', () => {
  it('carry at least 128 random bits and differ at every sign-in', async () => {
    const member = await t.createMember('user');
    const tokens = [tokenOf(member.cookie)];
    for (let i = 0; i < 4; i += 1) tokens.push(tokenOf(await t.signIn(member.email, member.password)));
    for (const token of tokens) {
      // 32 characters from 62 (better-auth's generateId): 32 * log2(62) = 190 bits.
      expect(token).toMatch(/^[A-Za-z0-9]{32,}$/);
      expect(token.length * Math.log2(62)).toBeGreaterThanOrEqual(128);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are stored only as their SHA-256: the table holds nothing a cookie could carry', async () => {
    const member = await t.createMember('user');
    const token = tokenOf(member.cookie);
    const rows = await t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, member.id));
    expect(rows).toEqual([{ token: hashSessionToken(token) }]);
    expect(rows[0]?.token).not.toContain(token);
  });

  it('a cookie made from the stored hash is refused', async () => {
    const member = await t.createMember('user');
    const [row] = await t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, member.id));
    const name = member.cookie.slice(0, member.cookie.indexOf('='));
    expect((await me(`${name}=${row!.token}`)).statusCode).toBe(401);
  });
});

describe('lifetimes', () => {
  it('ends a session unused for 7 days', async () => {
    const member = await t.createMember('user');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_IDLE_SECONDS * 1000 - DAY_MS / 2);
    expect((await me(member.cookie)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_IDLE_SECONDS * 1000 + 60_000);
    expect((await me(member.cookie)).statusCode).toBe(401);
  });

  it('keeps a session in daily use alive, but never past 30 days after sign-in', async () => {
    const member = await t.createMember('user');
    const started = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    let cookie = member.cookie;
    for (let day = 6; day < SESSION_ABSOLUTE_SECONDS / 86_400; day += 6) {
      vi.setSystemTime(started + day * DAY_MS);
      const res = await me(cookie);
      expect(res.statusCode, `day ${day}`).toBe(200);
      cookie = res.cookies.some((c) => c.name.endsWith('session_token') && c.value) ? sessionCookie(res) : cookie;
    }
    vi.setSystemTime(started + SESSION_ABSOLUTE_SECONDS * 1000 + 60_000);
    const ended = await me(cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(TEXTS.signInRequired);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
  });
});

describe('sign-in refusals', () => {
  it('answer an unknown e-mail and a wrong password alike, in similar time', async () => {
    const member = await t.createMember('user');
    const attempt = async (email: string) => {
      const startedAt = performance.now();
      const res = await t.call('POST', '/api/auth/sign-in', { body: { email, password: 'not-the-password' } });
      return { ms: performance.now() - startedAt, status: res.statusCode, body: res.body, cookies: res.headers['set-cookie'] };
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const a = await attempt(`nobody-${i}@example.com`);
      const b = await attempt(member.email);
      expect(a.status).toBe(401);
      expect(b).toMatchObject({ status: a.status, body: a.body, cookies: a.cookies });
      if (i >= 2) {
        unknown.push(a.ms);
        wrong.push(b.ms);
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    // Both paths run one argon2id computation (better-auth hashes the password for an unknown
    // e-mail); without it the unknown e-mail would answer several times faster.
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
