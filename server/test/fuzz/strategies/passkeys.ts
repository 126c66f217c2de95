/**
 * Passkeys (issue 24, ADR 077). Each answer is sent with a live challenge cookie (fresh options
 * first), so the generated responses reach SimpleWebAuthn's verification, not only the challenge
 * check; their credential ids are often real ones, so the stored-key path runs too.
 */
import fc from 'fast-check';
import { passkeys } from '@db/schema';
import { challengeCookieOf, withCookies } from '../../passkey-ceremonies';
import type { FuzzRequest } from '../fuzz-request';
import type { Strategies } from '../strategy';
import { Pool, type World } from '../world';
import { text } from './helpers';

/** Passkey ids of the caller and of another member, and their credential ids (seeded after the list route). */
const passkeyIds = new Pool();
const credentialIds = new Pool();

async function seedPasskeys(w: World) {
  if (passkeyIds.size > 0) return;
  for (const [owner, label] of [
    [w.me, 'mine'],
    [w.other, 'theirs'],
  ] as const) {
    const [row] = await w.t.db
      .insert(passkeys)
      .values({
        userId: owner.id,
        name: `Fuzz ${label}`,
        credentialId: `fuzz-${label}`,
        publicKey: 'pQECAyYgASFYIA',
        deviceType: 'singleDevice',
      })
      .returning();
    passkeyIds.add(row!.id);
    credentialIds.add(row!.credentialId);
  }
}

const b64 = fc.oneof(
  fc.base64String({ maxLength: 400 }).map((s) => s.replace(/\+/g, '-').replace(/\//g, '_')),
  fc.string({ maxLength: 40 }),
);
const credentialId = () => fc.oneof(b64, credentialIds.arb());

const ceremony = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  credentialId().chain((id) =>
    fc.record({
      id: fc.constant(id),
      rawId: fc.oneof(fc.constant(id), b64),
      type: fc.constant('public-key'),
      clientExtensionResults: fc.constant({}),
      response: fc.record(fields),
    }),
  );

const registration = ceremony({ clientDataJSON: b64, attestationObject: b64 });
const assertion = ceremony({
  clientDataJSON: b64,
  authenticatorData: b64,
  signature: b64,
  userHandle: fc.option(b64, { nil: undefined }),
});

/** Sends `req` with the challenge cookie of fresh options (registration or sign-in) beside the caller's session. */
function withLiveChallenge(optionsUrl: string, isSignedIn: boolean) {
  return async (w: World, req: FuzzRequest) => {
    const options = isSignedIn
      ? await w.t.call('POST', optionsUrl, { cookie: w.me.cookie, body: { currentPassword: w.me.password } })
      : await w.t.call('POST', optionsUrl);
    const cookie = withCookies(isSignedIn ? w.me.cookie : req.headers.cookie, challengeCookieOf(options));
    return w.t.app.inject({
      method: 'POST',
      url: req.url,
      headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });
  };
}

export const PASSKEYS: Strategies = {
  'GET /api/auth/passkeys': { group: 'auth', tables: ['passkeys'], restore: seedPasskeys },
  'POST /api/auth/passkeys/registration-options': {
    group: 'auth',
    tables: ['webauthn_challenges'],
    body: (w) =>
      fc.record({
        currentPassword: fc.oneof(
          { weight: 3, arbitrary: fc.constant(null).map(() => w.me.password) },
          { weight: 1, arbitrary: fc.string({ maxLength: 130 }) },
        ),
      }),
  },
  'POST /api/auth/passkeys': {
    group: 'auth',
    tables: ['passkeys', 'webauthn_challenges'],
    body: () =>
      fc.record({ response: registration, name: fc.option(text(60), { nil: undefined }) }, { requiredKeys: ['response'] }),
    send: withLiveChallenge('/api/auth/passkeys/registration-options', true),
  },
  'PATCH /api/auth/passkeys/:id': {
    group: 'auth',
    tables: [],
    params: { id: () => passkeyIds.arb() },
    body: () => fc.record({ name: text(60) }),
  },
  'DELETE /api/auth/passkeys/:id': { group: 'auth', tables: ['passkeys'], params: { id: () => passkeyIds.arb() } },
  'POST /api/auth/passkey-sign-in/options': { group: 'auth', tables: ['webauthn_challenges'] },
  'POST /api/auth/passkey-sign-in': {
    group: 'auth',
    tables: ['webauthn_challenges', 'sessions', 'passkeys'],
    body: () => fc.record({ response: assertion }),
    send: withLiveChallenge('/api/auth/passkey-sign-in/options', false),
  },
};
