/**
 * REQUIRE_ADMIN_2FA (ADR 076) and the per-account and per-IP limits on codes (ADR 075), on an
 * app started with the setting on and small limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_TEXTS } from '@common/schemas/two-factor';
import { TEXTS } from '@common/texts';
import { ADMIN, type TestApp, createTestApp } from '@server-test/test-app';
import { enableTwoFactor, startTwoFactorSignIn, totpCode } from '@server-test/two-factor';

const TWO_FACTOR_LIMIT = 4;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { REQUIRE_ADMIN_2FA: 'true' }, rateLimits: { twoFactor: TWO_FACTOR_LIMIT } });
});
afterAll(async () => {
  await t.close();
});

const ADMIN_ROUTES: ['GET' | 'POST', string][] = [
  ['GET', '/api/admin/invitations'],
  ['GET', '/api/admin/outbox'],
  ['GET', '/api/admin/users'],
];

describe('REQUIRE_ADMIN_2FA=true', () => {
  it('refuses admin routes to an admin without two-factor (403), until it is on', async () => {
    const admin = { ...ADMIN, cookie: await t.signInAdmin() };
    const me = await t.call('GET', '/api/auth/me', { cookie: admin.cookie });
    expect(me.json()).toMatchObject({ role: 'admin', isTwoFactorEnabled: false, isTwoFactorRequired: true });
    // Every admin route, whatever its method: the refusal comes before its input is read.
    const adminRoutes = t.app.apiRoutes.filter((route) => route.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(10);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.call(route.method as 'GET', url, {
        cookie: admin.cookie,
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${url}`).toBe(403);
      expect(res.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: TWO_FACTOR_TEXTS.requiredForAdmins,
        code: 'forbidden',
      });
    }
    // Setting it up stays open to that admin, and so do member routes.
    const status = await t.call('GET', '/api/auth/two-factor', { cookie: admin.cookie });
    expect(status.json()).toMatchObject({ isEnabled: false, isRequired: true });
    expect((await t.call('GET', '/api/notifications', { cookie: admin.cookie })).statusCode).toBe(200);

    await enableTwoFactor(t, admin);
    for (const [method, url] of ADMIN_ROUTES)
      expect((await t.call(method, url, { cookie: admin.cookie })).statusCode, url).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { cookie: admin.cookie })).json()).toMatchObject({ isTwoFactorEnabled: true });
  });

  it('does not concern members: not required for them, and admin routes stay 403 as before', async () => {
    const member = await t.createMember('user');
    const me = await t.call('GET', '/api/auth/me', { cookie: member.cookie });
    expect(me.json()).toMatchObject({ isTwoFactorRequired: false });
    const res = await t.call('GET', '/api/admin/invitations', { cookie: member.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEXTS.accessDenied);
  });
});

describe('limits on codes', () => {
  it(`per account: ${TWO_FACTOR_LIMIT} codes in 15 minutes, across challenges`, async () => {
    const member = await t.createMember('user');
    const { secret } = await enableTwoFactor(t, member);
    const wrong = totpCode(secret) === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    // Turning it on spent one try of the account's budget.
    for (let i = 0; i < TWO_FACTOR_LIMIT; i += 1) {
      // A fresh challenge each time: it does not reset the account's count.
      const challenge = await startTwoFactorSignIn(t, member);
      const res = await t.call('POST', '/api/auth/sign-in/two-factor', { body: { code: wrong }, headers: { cookie: challenge } });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe(TEXTS.tooManyRequests);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Setting up and turning off count too, for the signed-in member.
    const disable = await t.call('POST', '/api/auth/two-factor/disable', {
      cookie: member.cookie,
      body: { password: member.password, code: totpCode(secret, 1) },
    });
    expect(disable.statusCode).toBe(429);
  });

  it('per IP: code tries share the budget of password checks', async () => {
    const ip = { remoteAddress: '198.51.100.7' };
    const limited = await createTestApp({ rateLimits: { signIn: 3 } });
    try {
      const member = await limited.createMember('user');
      await enableTwoFactor(limited, member);
      const post = (url: string, payload: object, cookie?: string) =>
        limited.app.inject({
          method: 'POST',
          url,
          ...ip,
          headers: { 'x-waymark-csrf': '1', ...(cookie ? { cookie } : {}) },
          payload,
        });
      const signIn = await post('/api/auth/sign-in', { email: member.email, password: member.password });
      expect(signIn.statusCode).toBe(200);
      const challenge = signIn.cookies.find((c) => c.name.endsWith('sign_in_challenge'))!;
      const cookie = `${challenge.name}=${challenge.value}`;
      const statuses = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push((await post('/api/auth/sign-in/two-factor', { code: '000000' }, cookie)).statusCode);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('under https', () => {
  it('the challenge cookie is __Host- prefixed and Secure, as the session cookie', async () => {
    const secure = await createTestApp({ publicUrl: 'https://waymark.test' });
    try {
      const member = await secure.createMember('user');
      await enableTwoFactor(secure, member);
      const res = await secure.call('POST', '/api/auth/sign-in', {
        body: { email: member.email, password: member.password },
        headers: { origin: 'https://waymark.test' },
      });
      expect(res.statusCode).toBe(200);
      const challenge = res.cookies.find((c) => c.name.endsWith('sign_in_challenge'));
      expect(challenge).toMatchObject({ name: '__Host-waymark.sign_in_challenge', secure: true, httpOnly: true, path: '/' });
      expect(challenge?.domain).toBeUndefined();
    } finally {
      await secure.close();
    }
  });
});
