/**
 * Issue 19 item 3, ADR 029: every route that checks a password counts against the same per-IP
 * and per-account limits, and sign-up is no side door: it never checks a password at all.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { sessions, users } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

const LIMIT = 4;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { signIn: LIMIT } });
});
afterAll(async () => {
  await t.close();
});

let ipSeq = 0;
const newIp = () => `198.51.100.${(ipSeq += 1)}`;
function postFrom(ip: string, url: string, body: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'x-waymark-csrf': '1', ...(cookie ? { cookie } : {}) },
    payload: body,
  });
}

/** One wrong guess at the member's password through each route that checks one. */
const guesses = {
  signIn: (ip: string, m: { email: string }) => postFrom(ip, '/api/auth/sign-in', { email: m.email, password: 'guess-1' }),
  password: (ip: string, m: { cookie: string }) =>
    postFrom(ip, '/api/auth/password', { currentPassword: 'guess-1', newPassword: 'whatever-1' }, m.cookie),
  email: (ip: string, m: { cookie: string }) =>
    postFrom(ip, '/api/auth/email', { email: `x${ipSeq}@example.com`, currentPassword: 'guess-1' }, m.cookie),
};

describe('per account: the routes share one budget', () => {
  it.each([
    ['password change', 'password'],
    ['e-mail change', 'email'],
  ] as const)(
    'sign-in guesses and %s guesses from many IPs add up; then even the right password waits',
    async (_label, route) => {
      const member = await t.createMember('user');
      for (let i = 0; i < LIMIT; i += 1) {
        const res = i % 2 === 0 ? await guesses.signIn(newIp(), member) : await guesses[route](newIp(), member);
        expect([400, 401]).toContain(res.statusCode);
      }
      for (const res of [
        await postFrom(newIp(), '/api/auth/sign-in', { email: member.email.toUpperCase(), password: member.password }),
        await guesses[route](newIp(), member),
      ]) {
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: TEXTS.tooManyRequests });
      }
    },
  );
});

describe('per IP: the routes share one budget', () => {
  it('guesses at different accounts through sign-in, password and e-mail change from one IP add up', async () => {
    const ip = newIp();
    const members = [
      await t.createMember('user'),
      await t.createMember('user'),
      await t.createMember('user'),
      await t.createMember('user'),
    ];
    expect((await guesses.signIn(ip, members[0]!)).statusCode).toBe(401);
    expect((await guesses.password(ip, members[1]!)).statusCode).toBe(400);
    expect((await guesses.email(ip, members[2]!)).statusCode).toBe(400);
    expect((await guesses.signIn(ip, members[3]!)).statusCode).toBe(401);
    const fifth = await t.createMember('user');
    expect((await postFrom(ip, '/api/auth/sign-in', { email: fifth.email, password: fifth.password })).statusCode).toBe(429);
    expect((await guesses.password(ip, fifth)).statusCode).toBe(429);
    expect((await postFrom(newIp(), '/api/auth/sign-in', { email: fifth.email, password: fifth.password })).statusCode).toBe(200);
  });
});

describe('sign-up is no side door', () => {
  it('answers 409 for an existing account whatever the password, never a session, and never counts as a guess', async () => {
    const member = await t.createMember('user');
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, member.id));
    for (const password of [member.password, 'wrong-guess-1', member.password]) {
      for (let i = 0; i < LIMIT; i += 1) {
        const res = await postFrom(newIp(), '/api/auth/sign-up', { fullName: 'Guesser', email: member.email, password });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(TEXTS.userAlreadyRegistered);
        expect(res.cookies.filter((c) => c.value)).toHaveLength(0);
      }
    }
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(before.length);
    // The same answer for right and wrong passwords: nothing to learn. The account's own budget is untouched.
    expect((await postFrom(newIp(), '/api/auth/sign-in', { email: member.email, password: member.password })).statusCode).toBe(
      200,
    );
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
    expect(row?.email).toBe(member.email);
  });
});
