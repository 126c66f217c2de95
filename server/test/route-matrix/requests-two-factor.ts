/** Requests for the two-factor routes (ADR 075): each call runs as a fresh stand-in of its caller's role. */
import { enableTwoFactor, startTwoFactorSignIn, totpCode } from '../two-factor';
import type { Account, Caller } from './callers';
import type { Fixtures } from './fixtures';
import { type Requests, one } from './scene';

const canUse = (caller: Caller, as: Account | null): as is Account => as !== null && caller !== 'pending';

/** A stand-in for `caller` with two-factor on (only roles that may turn it on get it). */
async function withTwoFactor(fx: Fixtures, caller: Caller) {
  const as = await fx.standIn(caller);
  return { as, twoFactor: canUse(caller, as) ? await enableTwoFactor(fx.t, as) : null };
}

export const twoFactorRequests: Requests = {
  'GET /api/auth/two-factor': one(() => ({ url: '/api/auth/two-factor' })),
  'POST /api/auth/two-factor/setup': one(async (fx, caller) => {
    const as = await fx.standIn(caller);
    return { url: '/api/auth/two-factor/setup', as, body: { password: as?.password ?? 'member-password-1' } };
  }),
  'POST /api/auth/two-factor/enable': one(async (fx, caller) => {
    const as = await fx.standIn(caller);
    if (!canUse(caller, as)) return { url: '/api/auth/two-factor/enable', as, body: { code: '123456' } };
    const setup = await fx.t.call('POST', '/api/auth/two-factor/setup', { cookie: as.cookie, body: { password: as.password } });
    return { url: '/api/auth/two-factor/enable', as, body: { code: totpCode(setup.json<{ secret: string }>().secret) } };
  }),
  'POST /api/auth/two-factor/recovery-codes': one(async (fx, caller) => {
    const { as, twoFactor } = await withTwoFactor(fx, caller);
    // The step after the one that turned it on (spent).
    return {
      url: '/api/auth/two-factor/recovery-codes',
      as,
      body: { code: twoFactor ? totpCode(twoFactor.secret, 1) : '123456' },
    };
  }),
  'POST /api/auth/two-factor/disable': one(async (fx, caller) => {
    const { as, twoFactor } = await withTwoFactor(fx, caller);
    return {
      url: '/api/auth/two-factor/disable',
      as,
      body: { password: as?.password ?? 'member-password-1', recoveryCode: twoFactor?.recoveryCodes[0] ?? 'abcde-fghjk' },
    };
  }),
  // The caller's own session rides along (a stand-in's: the right code ends it, no fixation).
  'POST /api/auth/sign-in/two-factor': {
    valid: async (fx, caller) => {
      const as = await fx.standIn(caller);
      const target = await fx.t.createMember('user');
      const { secret } = await enableTwoFactor(fx.t, target);
      const challenge = await startTwoFactorSignIn(fx.t, target);
      const cookie = as ? `${as.cookie}; ${challenge}` : challenge;
      return { url: '/api/auth/sign-in/two-factor', as, headers: { cookie }, body: { code: totpCode(secret, 1) } };
    },
    'made-up challenge': async (fx, caller) => {
      const as = await fx.standIn(caller);
      const challenge = 'waymark.sign_in_challenge=made-up';
      const cookie = as ? `${as.cookie}; ${challenge}` : challenge;
      return { url: '/api/auth/sign-in/two-factor', as, headers: { cookie }, body: { code: '123456' } };
    },
  },
  'POST /api/auth/sign-in': {
    default: async (fx, caller) => {
      const as = await fx.standIn(caller);
      const who = as ?? (await fx.newMember());
      return { url: '/api/auth/sign-in', as, body: { email: who.email, password: who.password } };
    },
    // Right password, two-factor on: 200 asking for a code, whoever calls.
    'two-factor account': async (fx, caller) => {
      const as = await fx.standIn(caller);
      const target = await fx.t.createMember('user');
      await enableTwoFactor(fx.t, target);
      return { url: '/api/auth/sign-in', as, body: { email: target.email, password: target.password } };
    },
  },
};
