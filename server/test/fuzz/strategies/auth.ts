/**
 * Health, auth and invitation requests. Password and e-mail changes are followed (the caller's
 * new password, e-mail and rotated cookie are kept) so the caller stays signed in; sign-out
 * never ends the caller's own session (see sessions.ts).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { COUNTRIES } from '@common/lists/countries';
import { REFERRAL_SOURCE_VALUES } from '@common/lists/referral-sources';
import { sessionCookie } from '@server-test/test-app';
import type { FuzzRequest } from '../fuzz-request';
import type { Strategies } from '../strategy';
import type { World } from '../world';
import { sentJson, text } from './helpers';
import { signOutExtra, sendSignOut } from './sessions';

/** Read when the case is generated: the caller's credentials change during the run. */
const current = <T>(read: () => T) => fc.constant(null).map(read);

// New plain addresses too: fc.emailAddress() is mostly refused by z.email, so sign-ups rarely got in.
const email = (w: World) =>
  fc.oneof(
    fc.emailAddress(),
    fc.uuid().map((u) => `${u}@example.com`),
    current(() => w.me.email),
    current(() => w.other.email),
    current(() => w.me.email.toUpperCase()),
  );
const password = fc.oneof(
  fc.string({ minLength: 8, maxLength: 40 }),
  text(128).map((s) => s.padEnd(8, '!')),
);

/** A changed password ends the other sessions and may set a new cookie: the caller follows both. */
function followPasswordChange(w: World, req: FuzzRequest, res: LightMyRequestResponse) {
  if (res.statusCode !== 204) return;
  w.me.password = String(sentJson(req)?.newPassword);
  if (res.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '')) w.me.cookie = sessionCookie(res);
}

/** A sign-in ends the session the request came with (no fixation): the caller takes the new one. */
async function followSignIn(w: World, _req: FuzzRequest, res: LightMyRequestResponse) {
  if (res.statusCode !== 200) return;
  w.me.cookie = res.json<{ id: string }>().id === w.me.id ? sessionCookie(res) : await w.t.signIn(w.me.email, w.me.password);
}

export const AUTH: Strategies = {
  'GET /api/health': {
    group: 'auth',
    tables: [],
    check2xx: (res) => (res.body === '{"ok":true}' ? null : `health answered ${res.body}`),
  },
  'GET /api/ready': {
    group: 'auth',
    tables: [],
    check2xx: (res) => ((JSON.parse(res.body) as { ready: boolean }).ready ? null : `ready answered ${res.body}`),
  },
  'GET /api/auth/me': { group: 'auth', tables: [] },
  'POST /api/auth/sign-in': {
    group: 'auth',
    tables: ['sessions'],
    body: (w) =>
      fc.record({
        email: email(w),
        password: fc.oneof(
          current(() => w.me.password),
          password,
        ),
      }),
    after: followSignIn,
  },
  'POST /api/auth/sign-up': {
    group: 'auth',
    tables: [
      'users',
      'accounts',
      'sessions',
      'profiles',
      'user_roles',
      'pending_activations',
      'signup_tokens',
      'email_change_tokens',
    ],
    body: (w) =>
      fc.record(
        {
          fullName: text(100),
          email: email(w),
          password,
          token: fc.option(fc.oneof(fc.base64String({ maxLength: 60 }), text(200)), { nil: undefined }),
        },
        { requiredKeys: ['fullName', 'email', 'password'] },
      ),
  },
  'POST /api/auth/sign-out': { group: 'auth', tables: ['sessions'], extra: signOutExtra, send: sendSignOut },
  'POST /api/auth/password': {
    group: 'auth',
    // A change ends the other sessions and reset links and mails "your password was changed" (ADR 073).
    tables: ['sessions', 'password_reset_tokens', 'email_change_tokens', 'outbox'],
    body: (w) =>
      fc.record({
        currentPassword: fc.oneof({ weight: 3, arbitrary: current(() => w.me.password) }, { weight: 1, arbitrary: password }),
        newPassword: password,
      }),
    after: followPasswordChange,
  },
  // ADR 028: only asks for the change (a link to the new address); the caller's e-mail stays.
  'POST /api/auth/email': {
    group: 'auth',
    tables: ['email_change_tokens', 'email_change_undo_tokens', 'outbox'],
    body: (w) =>
      fc.record({
        email: email(w),
        currentPassword: fc.oneof({ weight: 3, arbitrary: current(() => w.me.password) }, { weight: 1, arbitrary: password }),
      }),
  },
  'POST /api/auth/email/confirm': {
    group: 'auth',
    tables: ['email_change_tokens', 'email_change_undo_tokens', 'outbox'],
    body: () => fc.record({ token: fc.oneof(fc.base64String({ maxLength: 60 }), text(200)) }),
  },
  // ADR 108: the undo link mailed to the address being left.
  'POST /api/auth/email/undo': {
    group: 'auth',
    tables: ['email_change_undo_tokens', 'email_change_tokens', 'sessions', 'password_reset_tokens', 'sign_in_challenges'],
    body: () => fc.record({ token: fc.oneof(fc.base64String({ maxLength: 60 }), text(200)) }),
  },
  'POST /api/invitations': {
    group: 'auth',
    tables: ['invitation_requests', 'outbox'],
    body: (w) =>
      fc.record({
        fullName: text(100),
        email: email(w),
        country: fc.constantFrom(...COUNTRIES),
        howDidYouKnow: fc.constantFrom(...REFERRAL_SOURCE_VALUES),
        aboutYourself: text(1000).map((s) => s.padEnd(50, '.')),
      }),
  },
};
