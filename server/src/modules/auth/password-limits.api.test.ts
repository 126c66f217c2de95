/**
 * Issue 19 item 3, ADR 029: every route that checks a password counts against the same per-IP
 * limit, and sign-up is no side door: it never checks a password at all. Issue 36 item 15,
 * ADR 107: per account, sign-ins count per known device or in one budget for unknown devices,
 * and a signed-in member's password checks per session, so no guesser locks the owner out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { sessions, users } from '@db/schema';
import { type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';

const LIMIT = 4;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { signIn: LIMIT, signInUnknownDevice: LIMIT } });
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

/** The known-device cookie a response set (ADR 107), as a Cookie header pair. */
function deviceCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name.endsWith('waymark.device'));
  if (!cookie) throw new Error('no device cookie');
  return `${cookie.name}=${cookie.value}`;
}

describe('a guesser cannot lock the owner out (issue 36 item 15, ADR 107)', () => {
  it("26 wrong sign-ins from one IP: the owner's known browser still signs in; so do their signed-in actions", async () => {
    const owner = await t.createMember('user');
    // The owner signed in on this browser before: it holds the account's device cookie.
    const earlier = await postFrom(newIp(), '/api/auth/sign-in', { email: owner.email, password: owner.password });
    expect(earlier.statusCode).toBe(200);
    const device = deviceCookieOf(earlier);
    const attacker = newIp();
    for (let i = 0; i < 26; i += 1) {
      const res = await guesses.signIn(attacker, owner);
      expect([401, 429]).toContain(res.statusCode);
    }
    // Strangers' browsers share the account's budget for unknown devices: it is spent.
    const unknown = await postFrom(newIp(), '/api/auth/sign-in', { email: owner.email, password: owner.password });
    expect(unknown.statusCode).toBe(429);
    const signedIn = await postFrom(newIp(), '/api/auth/sign-in', { email: owner.email, password: owner.password }, device);
    expect(signedIn.statusCode).toBe(200);
    const session = sessionCookie(signedIn);
    // The signed-in owner's own actions never meet the sign-in lockout.
    const ip = newIp();
    const actions = [
      await postFrom(ip, '/api/auth/two-factor/setup', { password: owner.password }, session),
      await postFrom(ip, '/api/auth/passkeys/registration-options', { currentPassword: owner.password }, session),
      await postFrom(ip, '/api/auth/email', { email: `moved${ipSeq}@example.com`, currentPassword: owner.password }, session),
      await postFrom(ip, '/api/auth/password', { currentPassword: owner.password, newPassword: 'a-new-password-3' }, session),
    ];
    expect(actions.map((r) => r.statusCode)).toEqual([200, 200, 202, 204]);
  });

  it("a known device's guesses spend only that device's budget; a forged or another account's cookie is unknown", async () => {
    const owner = await t.createMember('user');
    const other = await t.createMember('user');
    const first = deviceCookieOf(await postFrom(newIp(), '/api/auth/sign-in', { email: owner.email, password: owner.password }));
    const second = deviceCookieOf(await postFrom(newIp(), '/api/auth/sign-in', { email: owner.email, password: owner.password }));
    const othersDevice = deviceCookieOf(
      await postFrom(newIp(), '/api/auth/sign-in', { email: other.email, password: other.password }),
    );
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await postFrom(newIp(), '/api/auth/sign-in', { email: owner.email, password: 'guess' }, first)).statusCode).toBe(
        401,
      );
    }
    const right = { email: owner.email, password: owner.password };
    expect((await postFrom(newIp(), '/api/auth/sign-in', right, first)).statusCode).toBe(429);
    expect((await postFrom(newIp(), '/api/auth/sign-in', right, second)).statusCode).toBe(200);
    // Unknown-device budget: the two sign-ins that made the cookies, then the forged ones.
    const forged = `${second.split('=')[0]}=${'A'.repeat(22)}.${'B'.repeat(43)}`;
    const statuses = [];
    for (const cookie of [forged, othersDevice, forged]) {
      statuses.push((await postFrom(newIp(), '/api/auth/sign-in', { email: owner.email, password: 'guess' }, cookie)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
    expect((await postFrom(newIp(), '/api/auth/sign-in', right, second)).statusCode).toBe(200);
  });

  it.each([
    ['password change', 'password'],
    ['e-mail change', 'email'],
  ] as const)('a signed-in session guessing through %s is limited per session, not the account', async (_label, route) => {
    const member = await t.createMember('user');
    const stolen = await t.signIn(member.email, member.password);
    for (let i = 0; i < LIMIT; i += 1) expect((await guesses[route](newIp(), { cookie: stolen })).statusCode).toBe(400);
    const refused = await guesses[route](newIp(), { cookie: stolen });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: TEXTS.tooManyRequests,
      code: 'rate_limited',
    });
    // The owner's own session, and the owner's sign-in, are not touched.
    expect((await guesses[route](newIp(), member)).statusCode).toBe(400);
    expect((await postFrom(newIp(), '/api/auth/sign-in', { email: member.email, password: member.password })).statusCode).toBe(
      200,
    );
  });
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
