/**
 * Two-factor (issue 24, ADR 075): setup, recovery codes, turning it off, and sign-in with a code
 * or a recovery code, with every refusal. Time is frozen and moved by whole 30 s steps, so which
 * code is "current" never depends on when a test happens to run.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_TEXTS } from '@common/schemas/two-factor';
import { TEXTS } from '@common/texts';
import { sessions, signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from '@db/schema';
import { type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';
import { challengeCookieOf, enableTwoFactor, startTwoFactorSignIn, totpCode } from '@server-test/two-factor';
import { CHALLENGE_MAX_ATTEMPTS, CHALLENGE_SECONDS } from './sign-in-challenge.service';

let t: TestApp;
let clock = 0;
beforeAll(async () => {
  t = await createTestApp();
  // A step's second second: a call made "now" is never at a step's edge.
  clock = Math.ceil(Date.now() / 30_000) * 30_000 + 1_000;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  advance(10);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the frozen clock forward by whole steps (never back: sessions and limits see it too). */
function advance(steps: number, extraMs = 0) {
  clock += steps * 30_000 + extraMs;
  vi.setSystemTime(clock);
}

const me = (cookie: string) => t.call('GET', '/api/auth/me', { cookie });
const secondStep = (cookie: string | undefined, body: object) =>
  t.call('POST', '/api/auth/sign-in/two-factor', { body, headers: cookie ? { cookie } : {} });

async function memberWithTwoFactor() {
  const member = await t.createMember('user');
  return { ...member, ...(await enableTwoFactor(t, member)) };
}

describe('setting it up', () => {
  it('needs the password, shows a secret, and turns on with a current code: ten recovery codes', async () => {
    const member = await t.createMember('user');
    const wrong = await t.call('POST', '/api/auth/two-factor/setup', { cookie: member.cookie, body: { password: 'nope' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_TEXTS.passwordWrong);

    const setup = await t.call('POST', '/api/auth/two-factor/setup', {
      cookie: member.cookie,
      body: { password: member.password },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json<{ secret: string; otpauthUri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Waymark');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    // Not on until confirmed: sign-in does not ask for a code yet.
    expect((await me(member.cookie)).json()).toMatchObject({ isTwoFactorEnabled: false });

    const enable = (code: string) => t.call('POST', '/api/auth/two-factor/enable', { cookie: member.cookie, body: { code } });
    expect((await enable(totpCode(secret, 2))).json().message).toBe(TWO_FACTOR_TEXTS.codeWrong);
    expect((await enable('12345')).json().message).toBe(TWO_FACTOR_TEXTS.codeFormat);
    const enabled = await enable(totpCode(secret).replace(/^(\d{3})/, '$1 '));
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);

    expect((await me(member.cookie)).json()).toMatchObject({ isTwoFactorEnabled: true, isTwoFactorRequired: false });
    const status = await t.call('GET', '/api/auth/two-factor', { cookie: member.cookie });
    expect(status.json()).toMatchObject({ isEnabled: true, isRequired: false, recoveryCodesLeft: 10 });
    // Once on, neither a new setup nor a second enable can replace the secret.
    const again = await t.call('POST', '/api/auth/two-factor/setup', {
      cookie: member.cookie,
      body: { password: member.password },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TWO_FACTOR_TEXTS.alreadyEnabled);
    advance(1);
    expect((await enable(totpCode(secret))).statusCode).toBe(409);
  });

  it('keeps the secret encrypted and the recovery codes hashed', async () => {
    const member = await memberWithTwoFactor();
    const [row] = await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, member.id));
    expect(row?.secretEncrypted).toBeTruthy();
    expect(row?.secretEncrypted).not.toContain(member.secret);
    const stored = await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    for (const code of member.recoveryCodes) {
      const bare = code.replace('-', '');
      expect(stored.some((s) => s.codeHash.includes(bare) || s.codeHash.includes(code))).toBe(false);
    }
  });

  it('enable without a setup is refused; a replaced setup makes the old secret useless', async () => {
    const member = await t.createMember('user');
    const none = await t.call('POST', '/api/auth/two-factor/enable', { cookie: member.cookie, body: { code: '123456' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(TWO_FACTOR_TEXTS.setupMissing);
    const first = await t.call('POST', '/api/auth/two-factor/setup', {
      cookie: member.cookie,
      body: { password: member.password },
    });
    await t.call('POST', '/api/auth/two-factor/setup', { cookie: member.cookie, body: { password: member.password } });
    const old = await t.call('POST', '/api/auth/two-factor/enable', {
      cookie: member.cookie,
      body: { code: totpCode(first.json<{ secret: string }>().secret) },
    });
    expect(old.statusCode).toBe(400);
  });
});

describe('signing in', () => {
  it('a right password makes no session: it asks for a code with a short-lived HttpOnly challenge', async () => {
    const member = await memberWithTwoFactor();
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, member.id));
    const res = await t.call('POST', '/api/auth/sign-in', { body: { email: member.email, password: member.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ secondFactor: 'totp', expiresInSeconds: CHALLENGE_SECONDS });
    expect(res.cookies.some((c) => c.name.endsWith('session_token') && c.value)).toBe(false);
    const challenge = res.cookies.find((c) => c.name.endsWith('sign_in_challenge'));
    expect(challenge).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: CHALLENGE_SECONDS });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(before.length);
    // Only the token's hash is kept.
    const [row] = await t.db.select().from(signInChallenges).where(eq(signInChallenges.userId, member.id));
    expect(row?.tokenHash).not.toContain(challenge?.value);
  });

  it('a wrong password for a two-factor account answers as for an unknown e-mail, in similar time', async () => {
    const member = await memberWithTwoFactor();
    const attempt = async (email: string) => {
      const startedAt = performance.now();
      const res = await t.call('POST', '/api/auth/sign-in', { body: { email, password: 'not-the-password' } });
      return { ms: performance.now() - startedAt, status: res.statusCode, body: res.body, cookies: res.headers['set-cookie'] };
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const a = await attempt(`nobody-2fa-${i}@example.com`);
      const b = await attempt(member.email);
      expect(a.status).toBe(401);
      expect(b).toMatchObject({ status: a.status, body: a.body, cookies: a.cookies });
      if (i >= 2) {
        unknown.push(a.ms);
        wrong.push(b.ms);
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('a right code starts the session; the same code, an earlier one and the used challenge are refused', async () => {
    const member = await memberWithTwoFactor();
    const challenge = await startTwoFactorSignIn(t, member);
    // The code that turned two-factor on was spent: replaying it fails.
    const replayed = await secondStep(challenge, { code: totpCode(member.secret) });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(TWO_FACTOR_TEXTS.codeUsed);

    advance(1);
    const code = totpCode(member.secret);
    const ok = await secondStep(challenge, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: member.id, email: member.email, isTwoFactorEnabled: true });
    const cleared = ok.cookies.find((c) => c.name.endsWith('sign_in_challenge'));
    expect(cleared?.value).toBe('');
    const session = sessionCookie(ok);
    expect((await me(session)).statusCode).toBe(200);

    // The challenge is over once used.
    const reused = await secondStep(challenge, { code: totpCode(member.secret, 1) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(TWO_FACTOR_TEXTS.challengeExpired);

    // A new sign-in: the code just used, and the one before it, are refused (still in the drift window).
    const next = await startTwoFactorSignIn(t, member);
    for (const stale of [code, totpCode(member.secret, -1)]) {
      const res = await secondStep(next, { code: stale });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TWO_FACTOR_TEXTS.codeUsed);
    }
    // The next step's code (drift +1) still works.
    expect((await secondStep(next, { code: totpCode(member.secret, 1) })).statusCode).toBe(200);
  });

  it('refuses codes two steps away, and codes in the wrong shape', async () => {
    const member = await memberWithTwoFactor();
    advance(5);
    const challenge = await startTwoFactorSignIn(t, member);
    for (const far of [totpCode(member.secret, 2), totpCode(member.secret, -2)]) {
      const res = await secondStep(challenge, { code: far });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TWO_FACTOR_TEXTS.codeWrong);
    }
    const shapes: [object, string][] = [
      [{}, TWO_FACTOR_TEXTS.factorRequired],
      [{ code: '123456', recoveryCode: 'abcde-fghjk' }, TWO_FACTOR_TEXTS.factorRequired],
      [{ code: '12345a' }, TWO_FACTOR_TEXTS.codeFormat],
      [{ recoveryCode: 'short' }, TWO_FACTOR_TEXTS.recoveryCodeFormat],
    ];
    for (const [body, message] of shapes) {
      const res = await secondStep(challenge, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await secondStep(challenge, { code: totpCode(member.secret) })).statusCode).toBe(200);
  });

  it('a recovery code works once, in any case and with or without its dash', async () => {
    const member = await memberWithTwoFactor();
    const [first, second] = member.recoveryCodes as [string, string];
    const ok = await secondStep(await startTwoFactorSignIn(t, member), { recoveryCode: first.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect((await me(sessionCookie(ok))).statusCode).toBe(200);

    const again = await secondStep(await startTwoFactorSignIn(t, member), { recoveryCode: first.replace('-', '') });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TWO_FACTOR_TEXTS.recoveryCodeWrong);
    const made = await secondStep(await startTwoFactorSignIn(t, member), { recoveryCode: 'zzzzz-zzzzz' });
    expect(made.json().message).toBe(TWO_FACTOR_TEXTS.recoveryCodeWrong);
    // Another member's code is not this member's.
    const other = await memberWithTwoFactor();
    const foreign = await secondStep(await startTwoFactorSignIn(t, member), { recoveryCode: other.recoveryCodes[0] });
    expect(foreign.json().message).toBe(TWO_FACTOR_TEXTS.recoveryCodeWrong);

    expect((await secondStep(await startTwoFactorSignIn(t, member), { recoveryCode: ` ${second} ` })).statusCode).toBe(200);
    const status = await t.call('GET', '/api/auth/two-factor', { cookie: member.cookie });
    expect(status.json().recoveryCodesLeft).toBe(8);
  });

  it('no, a made-up or an expired challenge: refused, and the cookie is cleared', async () => {
    const member = await memberWithTwoFactor();
    advance(1);
    const none = await secondStep(undefined, { code: totpCode(member.secret) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(TWO_FACTOR_TEXTS.challengeExpired);
    const madeUp = await secondStep('waymark.sign_in_challenge=made-up', { code: totpCode(member.secret) });
    expect(madeUp.json().message).toBe(TWO_FACTOR_TEXTS.challengeExpired);
    expect(madeUp.cookies.find((c) => c.name.endsWith('sign_in_challenge'))?.value).toBe('');

    const challenge = await startTwoFactorSignIn(t, member);
    advance(0, CHALLENGE_SECONDS * 1000 + 1000);
    const late = await secondStep(challenge, { code: totpCode(member.secret) });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(TWO_FACTOR_TEXTS.challengeExpired);
  });

  it(`ends the challenge after ${CHALLENGE_MAX_ATTEMPTS} wrong codes (429): even the right code then needs a new sign-in`, async () => {
    const member = await memberWithTwoFactor();
    advance(1);
    const challenge = await startTwoFactorSignIn(t, member);
    const wrongCode = totpCode(member.secret) === '000000' ? '111111' : '000000';
    for (let i = 1; i < CHALLENGE_MAX_ATTEMPTS; i += 1) {
      expect((await secondStep(challenge, { code: wrongCode })).statusCode).toBe(400);
    }
    const last = await secondStep(challenge, { code: wrongCode });
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(TWO_FACTOR_TEXTS.challengeEnded);
    expect(last.cookies.find((c) => c.name.endsWith('sign_in_challenge'))?.value).toBe('');
    const right = await secondStep(challenge, { code: totpCode(member.secret) });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(TWO_FACTOR_TEXTS.challengeExpired);
    // Starting over works.
    expect((await secondStep(await startTwoFactorSignIn(t, member), { code: totpCode(member.secret) })).statusCode).toBe(200);
  });

  it('two requests racing with one code, or one recovery code: exactly one session', async () => {
    const member = await memberWithTwoFactor();
    advance(1);
    const code = totpCode(member.secret);
    const challenges = await Promise.all(Array.from({ length: 6 }, () => startTwoFactorSignIn(t, member)));
    const byCode = await Promise.all(challenges.map((c) => secondStep(c, { code })));
    expect(byCode.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(byCode.filter((r) => r.statusCode === 400)).toHaveLength(5);

    const recoveryCode = member.recoveryCodes[3]!;
    const more = await Promise.all(Array.from({ length: 6 }, () => startTwoFactorSignIn(t, member)));
    const byRecovery = await Promise.all(more.map((c) => secondStep(c, { recoveryCode })));
    expect(byRecovery.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const used = await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, member.id));
    expect(used.filter((u) => u.usedAt !== null)).toHaveLength(1);

    // One challenge, a code and a recovery code at once: still one session.
    advance(1);
    const one = await startTwoFactorSignIn(t, member);
    const both = await Promise.all([
      secondStep(one, { code: totpCode(member.secret) }),
      secondStep(one, { recoveryCode: member.recoveryCodes[4] }),
    ]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('ends the session the browser held before (no fixation)', async () => {
    const member = await memberWithTwoFactor();
    advance(1);
    const other = await t.createMember('user');
    const challenge = await startTwoFactorSignIn(t, member);
    const res = await secondStep(`${other.cookie}; ${challenge}`, { code: totpCode(member.secret) });
    expect(res.statusCode).toBe(200);
    expect((await me(other.cookie)).statusCode).toBe(401);
  });
});

describe('recovery codes and turning it off', () => {
  it('new recovery codes need a current code; the old ones stop working', async () => {
    const member = await memberWithTwoFactor();
    const regenerate = (code: string) =>
      t.call('POST', '/api/auth/two-factor/recovery-codes', { cookie: member.cookie, body: { code } });
    expect((await regenerate(totpCode(member.secret))).json().message).toBe(TWO_FACTOR_TEXTS.codeUsed);
    expect((await regenerate(totpCode(member.secret, 3))).json().message).toBe(TWO_FACTOR_TEXTS.codeWrong);
    advance(1);
    const res = await regenerate(totpCode(member.secret));
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await secondStep(await startTwoFactorSignIn(t, member), { recoveryCode: member.recoveryCodes[0] });
    expect(old.json().message).toBe(TWO_FACTOR_TEXTS.recoveryCodeWrong);
    expect((await secondStep(await startTwoFactorSignIn(t, member), { recoveryCode: fresh[0] })).statusCode).toBe(200);
  });

  it('turning it off needs the password and a code or a recovery code', async () => {
    const member = await memberWithTwoFactor();
    advance(1);
    const disable = (body: object) => t.call('POST', '/api/auth/two-factor/disable', { cookie: member.cookie, body });
    const wrongPassword = await disable({ password: 'nope', code: totpCode(member.secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().message).toBe(TWO_FACTOR_TEXTS.passwordWrong);
    expect((await disable({ password: member.password })).json().message).toBe(TWO_FACTOR_TEXTS.factorRequired);
    expect((await disable({ password: member.password, code: totpCode(member.secret, 2) })).json().message).toBe(
      TWO_FACTOR_TEXTS.codeWrong,
    );
    expect((await disable({ password: member.password, recoveryCode: 'zzzzz-zzzzz' })).json().message).toBe(
      TWO_FACTOR_TEXTS.recoveryCodeWrong,
    );
    expect((await me(member.cookie)).json().isTwoFactorEnabled).toBe(true);

    const off = await disable({ password: member.password, recoveryCode: member.recoveryCodes[0] });
    expect(off.statusCode).toBe(204);
    expect((await me(member.cookie)).json().isTwoFactorEnabled).toBe(false);
    expect(await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, member.id))).toHaveLength(0);
    // Sign-in is a password again; turning it off twice says so.
    expect(
      (await t.call('POST', '/api/auth/sign-in', { body: { email: member.email, password: member.password } })).json(),
    ).toMatchObject({
      id: member.id,
    });
    const twice = await disable({ password: member.password, code: totpCode(member.secret) });
    expect(twice.json().message).toBe(TWO_FACTOR_TEXTS.notEnabled);
  });

  it('a changed password leaves two-factor on', async () => {
    const member = await memberWithTwoFactor();
    const changed = await t.call('POST', '/api/auth/password', {
      cookie: member.cookie,
      body: { currentPassword: member.password, newPassword: 'a-new-password-2' },
    });
    expect(changed.statusCode).toBe(204);
    const res = await t.call('POST', '/api/auth/sign-in', { body: { email: member.email, password: 'a-new-password-2' } });
    expect(res.json()).toMatchObject({ secondFactor: 'totp' });
    expect(challengeCookieOf(res)).toBeTruthy();
  });
});

describe('access', () => {
  const routes: ['GET' | 'POST', string, object | undefined][] = [
    ['GET', '/api/auth/two-factor', undefined],
    ['POST', '/api/auth/two-factor/setup', { password: 'member-password-1' }],
    ['POST', '/api/auth/two-factor/enable', { code: '123456' }],
    ['POST', '/api/auth/two-factor/recovery-codes', { code: '123456' }],
    ['POST', '/api/auth/two-factor/disable', { password: 'member-password-1', code: '123456' }],
  ];

  it('signed out: 401; pending: 403', async () => {
    const pending = await t.createMember('pending');
    for (const [method, url, body] of routes) {
      const anonymous = await t.call(method, url, { body });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message).toBe(TEXTS.signInRequired);
      expect((await t.call(method, url, { body, cookie: pending.cookie })).statusCode, url).toBe(403);
    }
  });

  it('without REQUIRE_ADMIN_2FA an admin without two-factor uses the Admin Panel', async () => {
    const admin = await t.signInAdmin();
    expect((await me(admin)).json()).toMatchObject({ role: 'admin', isTwoFactorEnabled: false, isTwoFactorRequired: false });
    expect((await t.call('GET', '/api/admin/invitations', { cookie: admin })).statusCode).toBe(200);
  });
});
