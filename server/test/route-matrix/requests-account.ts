/** Requests for the public, auth, invitation, account and live-event routes. */
import type { DataExportStart } from '@common/schemas/data-export';
import type { Account } from './callers';
import { type Fixtures, unique } from './fixtures';
import { type Requests, one } from './scene';

const ABOUT = 'I travel slowly through mountain villages and write down every good bakery.';

/** A download ticket of `account`'s own export (ADR 080), or of the owner's when it has none. */
async function exportTicketUrl(fx: Fixtures, account: Account | null): Promise<string> {
  const res = await fx.t.call('POST', '/api/account/export', { cookie: account?.cookie });
  if (res.statusCode === 201) return res.json<DataExportStart>().url;
  if (account === fx.people.owner) throw new Error(`the owner's export did not start: ${res.statusCode} ${res.body}`);
  return exportTicketUrl(fx, fx.people.owner);
}

export const accountRequests: Requests = {
  'GET /api/health': one(() => ({ url: '/api/health' })),
  'GET /api/ready': one(() => ({ url: '/api/ready' })),
  'GET /api/auth/me': one(() => ({ url: '/api/auth/me' })),
  // Sign-out, password and e-mail change and account deletion change their caller's
  // session or account, so each call runs as a fresh stand-in of the caller's role.
  // POST /api/auth/sign-in: requests-two-factor.ts (with its two-factor scenario).
  'POST /api/auth/sign-up': one(() => ({
    url: '/api/auth/sign-up',
    body: { fullName: 'New Traveler', email: `${unique('signup')}@example.com`, password: 'signup-password-1' },
  })),
  'POST /api/auth/sign-out': one(async (fx, caller) => ({ url: '/api/auth/sign-out', as: await fx.standIn(caller) })),
  'POST /api/auth/password': one(async (fx, caller) => {
    const as = await fx.standIn(caller);
    return {
      url: '/api/auth/password',
      as,
      body: { currentPassword: as?.password ?? 'member-password-1', newPassword: 'changed-password-2' },
    };
  }),
  'POST /api/auth/email': one(async (fx, caller) => {
    const as = await fx.standIn(caller);
    return {
      url: '/api/auth/email',
      as,
      body: { email: `${unique('changed')}@example.com`, currentPassword: as?.password ?? 'member-password-1' },
    };
  }),
  'POST /api/auth/email/confirm': {
    valid: async (fx) => ({ url: '/api/auth/email/confirm', body: { token: await fx.emailChangeToken() } }),
    'made-up token': () => ({ url: '/api/auth/email/confirm', body: { token: unique('made-up-token') } }),
  },
  'POST /api/auth/email/undo': {
    valid: async (fx) => ({ url: '/api/auth/email/undo', body: { token: await fx.emailUndoToken() } }),
    'made-up token': () => ({ url: '/api/auth/email/undo', body: { token: unique('made-up-token') } }),
  },
  // Issue 24: forgotten passwords (ADR 073) and the caller's sessions (ADR 074).
  'POST /api/auth/password-reset/request': one(async (fx) => ({
    url: '/api/auth/password-reset/request',
    body: { email: (await fx.newMember()).email },
  })),
  'POST /api/auth/password-reset': {
    valid: async (fx) => ({
      url: '/api/auth/password-reset',
      body: { token: await fx.passwordResetToken(), newPassword: 'reset-password-9' },
    }),
    'made-up token': () => ({
      url: '/api/auth/password-reset',
      body: { token: unique('made-up-token'), newPassword: 'reset-password-9' },
    }),
  },
  'GET /api/auth/sessions': one(() => ({ url: '/api/auth/sessions' })),
  'DELETE /api/auth/sessions/:id': {
    // A second device of the caller (a stand-in: its sessions change), ended from the first.
    'own other session': async (fx, caller) => {
      const as = await fx.standIn(caller);
      const target = as ? await fx.extraSessionOf(as) : await fx.extraSessionOf(await fx.newMember());
      return { url: `/api/auth/sessions/${target}`, as };
    },
    "another member's session": async (fx) => {
      const target = await fx.extraSessionOf(await fx.newMember());
      return { url: `/api/auth/sessions/${target}` };
    },
  },
  'POST /api/auth/sessions/sign-out-others': one(async (fx, caller) => ({
    url: '/api/auth/sessions/sign-out-others',
    as: await fx.standIn(caller),
  })),
  'POST /api/invitations': one(() => ({
    url: '/api/invitations',
    body: {
      fullName: 'Ines Invitee',
      email: `${unique('invite')}@example.com`,
      country: 'Peru',
      howDidYouKnow: 'friend_family',
      aboutYourself: ABOUT,
    },
  })),
  'DELETE /api/account': one(async (fx, caller) => ({ url: '/api/account', as: await fx.standIn(caller) })),
  'POST /api/account/export': one(() => ({ url: '/api/account/export' })),
  // There is no member id to name: only a ticket, which opens its own member's export alone.
  'GET /api/account/export/:ticket': {
    'own ticket': async (fx, caller) => ({ url: await exportTicketUrl(fx, fx.accountOf(caller)) }),
    "the owner's ticket": async (fx) => ({ url: await exportTicketUrl(fx, fx.people.owner) }),
  },
  'GET /api/events': one(() => ({ url: '/api/events', isStream: true })),
  'GET /api/events/open': one(() => ({ url: '/api/events/open' })),
};
