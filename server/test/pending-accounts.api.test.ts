/**
 * Issue 36 item 21, docs/product.md#roles: a pending account sees only the waiting screen. Every /api
 * route a pending account can reach (access public or signedIn) is listed here with why it may;
 * a new one fails this test until someone decides. None of them mails an address the caller
 * chose: a pending account's own address is unproven (anyone can sign up with any address).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { emailChangeTokens, outbox } from '@db/schema';
import { type TestApp, createTestApp } from './test-app';

/** Routes open to a pending account, and why. */
const OPEN_TO_PENDING: Record<string, string> = {
  'GET /api/health': 'public: load balancers',
  'GET /api/ready': 'public: load balancers (readiness)',
  'GET /api/auth/me': 'the waiting screen reads who is signed in',
  'POST /api/auth/sign-in': 'public: signing in',
  'POST /api/auth/sign-in/two-factor': 'public: the challenge cookie is the proof',
  'POST /api/auth/sign-up': 'public: a signup link activates a pending account',
  'POST /api/auth/sign-out': "the waiting screen's Sign Out",
  'POST /api/auth/email/confirm': 'public: the mailed token is the proof',
  'POST /api/auth/email/undo': 'public: the token mailed to the old address is the proof',
  'POST /api/auth/passkey-sign-in/options': 'public: signing in',
  'POST /api/auth/passkey-sign-in': 'public: signing in',
  'POST /api/invitations': 'public: asking for an invitation',
  'POST /api/auth/password-reset/request': 'public: mails only the account that holds the address, rate limited',
  'POST /api/auth/password-reset': 'public: the mailed token is the proof',
  'GET /api/auth/sessions': 'own sessions only; mails nobody',
  'DELETE /api/auth/sessions/:id': 'ends an own session; mails nobody',
  'POST /api/auth/sessions/sign-out-others': 'ends own sessions; mails nobody',
  'GET /api/events': 'the live stream tells the waiting screen of its activation',
  'GET /api/events/open': 'counts own streams',
  'POST /api/unsubscribe': 'public: the signed link is the proof',
  'GET /api/shared/guides/:token': "public: a guide's share link",
  'GET /api/shared/guides/:token/photos/:bucket/:userId/:file': "public: a shared guide's photos",
};

describe('routes a pending account can reach (product.md, Who may do what)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are exactly the listed ones', () => {
    const open = t.app.apiRoutes
      .filter((route) => route.access === 'public' || route.access === 'signedIn')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(open).toEqual(Object.keys(OPEN_TO_PENDING).sort());
  });

  it('a pending account cannot mail an e-mail change link (403), nor change its password (403)', async () => {
    const pending = await t.createMember('pending');
    const target = `victim.${Date.now()}@example.com`;
    const email = await t.call('POST', '/api/auth/email', {
      cookie: pending.cookie,
      body: { email: target, currentPassword: pending.password },
    });
    expect(email.statusCode).toBe(403);
    expect(email.json().message).toBe(TEXTS.accountPendingActivation);
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, target))).toHaveLength(0);
    expect(await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, pending.id))).toHaveLength(0);
    const password = await t.call('POST', '/api/auth/password', {
      cookie: pending.cookie,
      body: { currentPassword: pending.password, newPassword: 'another-password-2' },
    });
    expect(password.statusCode).toBe(403);
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, pending.email))).toHaveLength(0);
  });
});
