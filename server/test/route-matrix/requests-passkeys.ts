/** Requests for the passkey routes (issue 24, ADR 077): real ceremonies by a software authenticator. */
import { passkeys } from '@db/schema';
import { addPasskey, authenticator, registrationOptions, signInOptions, withCookies } from '../passkey-ceremonies';
import { SECRET } from './callers';
import type { Fixtures } from './fixtures';
import { type Requests, one } from './scene';
import { unique } from './fixtures';

/** A passkey of the owner, written straight to the database (the target of rename and remove). */
async function ownersPasskey(fx: Fixtures) {
  const [row] = await fx.t.db
    .insert(passkeys)
    .values({
      userId: fx.people.owner.id,
      name: `${SECRET} passkey`,
      credentialId: unique('credential'),
      publicKey: SECRET,
      deviceType: 'singleDevice',
    })
    .returning();
  return row!;
}

export const passkeyRequests: Requests = {
  'POST /api/auth/passkeys/registration-options': one((fx, caller) => ({
    url: '/api/auth/passkeys/registration-options',
    body: { currentPassword: fx.accountOf(caller)?.password ?? 'member-password-1' },
  })),
  // The caller's own ceremony when it may start one; a well-formed answer to nothing otherwise.
  'POST /api/auth/passkeys': one(async (fx, caller) => {
    const account = fx.accountOf(caller);
    const ceremony =
      caller === 'anonymous' || caller === 'pending' ? null : await registrationOptions(fx.t, account!.cookie, account!.password);
    const { response } = authenticator.register(ceremony?.options ?? { challenge: 'none', user: { id: 'none' } });
    return {
      url: '/api/auth/passkeys',
      body: { response },
      headers: { cookie: withCookies(account?.cookie, ceremony?.challenge) ?? '' },
    };
  }),
  'GET /api/auth/passkeys': one(() => ({ url: '/api/auth/passkeys' })),
  'PATCH /api/auth/passkeys/:id': one(async (fx) => ({
    url: `/api/auth/passkeys/${(await ownersPasskey(fx)).id}`,
    body: { name: 'Renamed key' },
  })),
  'DELETE /api/auth/passkeys/:id': one(async (fx) => ({ url: `/api/auth/passkeys/${(await ownersPasskey(fx)).id}` })),
  'POST /api/auth/passkey-sign-in/options': one(() => ({ url: '/api/auth/passkey-sign-in/options' })),
  // A sign-in ends the session it came with: each call runs as a fresh stand-in of the caller.
  'POST /api/auth/passkey-sign-in': {
    valid: async (fx, caller) => {
      const as = await fx.standIn(caller);
      const who = await fx.newMember();
      const { credential } = await addPasskey(fx.t, who.cookie);
      const { options, challenge } = await signInOptions(fx.t);
      const response = authenticator.assert(credential, options);
      return {
        url: '/api/auth/passkey-sign-in',
        as,
        body: { response },
        headers: { cookie: withCookies(as?.cookie, challenge)! },
      };
    },
    'unknown passkey': async (fx, caller) => {
      const as = await fx.standIn(caller);
      const stranger = authenticator.register({ challenge: 'x', user: { id: 'y' } }).credential;
      const { options, challenge } = await signInOptions(fx.t);
      const response = authenticator.assert(stranger, options);
      return {
        url: '/api/auth/passkey-sign-in',
        as,
        body: { response },
        headers: { cookie: withCookies(as?.cookie, challenge)! },
      };
    },
  },
};
