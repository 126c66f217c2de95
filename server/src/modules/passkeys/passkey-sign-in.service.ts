/**
 * Signing in with a passkey, no e-mail and no password (issue 24, ADR 077): the browser picks one
 * of its discoverable credentials for our RP ID, signs the single-use challenge after verifying its
 * user, and the stored public key of that credential must verify the signature. A user-verified
 * passkey is two factors in itself, so no TOTP code is asked after it (ADR 077).
 */
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { CurrentUser } from '@common/schemas/auth';
import { PASSKEY_TEXTS, type PasskeySignIn, type WebAuthnOptions } from '@common/schemas/passkey';
import type { Database } from '@db/client';
import { BadRequestError } from '@server/lib/errors';
import type { RequestContext, WithCookies } from '../auth/auth.service';
import type { AuthService } from '../auth/auth.service';
import { keepChallenge, takeChallenge } from './challenges';
import { parseTransports } from './passkeys.service';
import * as repo from './passkeys.repository';
import { CEREMONY_TIMEOUT_MS, type RelyingParty } from './relying-party';

const notVerified = () => new BadRequestError(PASSKEY_TEXTS.notVerified);

export function createPasskeySignInService(deps: { db: Database; rp: RelyingParty; signInProven: AuthService['issueSession'] }) {
  const { db, rp } = deps;

  /** Options for navigator.credentials.get(): no allowCredentials, the authenticator offers its own. */
  async function options(previousChallengeId?: string) {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      timeout: CEREMONY_TIMEOUT_MS,
    });
    const challengeId = await keepChallenge(db, options.challenge, null, previousChallengeId);
    return { options: { ...options } as WebAuthnOptions, challengeId };
  }

  async function verify(
    body: PasskeySignIn,
    expectedChallenge: string,
    passkey: NonNullable<Awaited<ReturnType<typeof repo.findByCredentialId>>>,
  ) {
    try {
      const result = await verifyAuthenticationResponse({
        response: body.response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: parseTransports(passkey.transports),
        },
        requireUserVerification: true,
      });
      if (result.verified) return result.authenticationInfo;
    } catch {
      // A wrong signature, origin, RP ID, challenge or a counter gone backwards: one plain refusal.
    }
    throw notVerified();
  }

  async function signIn(
    body: PasskeySignIn,
    challengeId: string | undefined,
    ctx: RequestContext,
  ): Promise<WithCookies<CurrentUser>> {
    const expectedChallenge = await takeChallenge(db, challengeId, null);
    const passkey = await repo.findByCredentialId(db, body.response.id);
    if (!passkey) throw new BadRequestError(PASSKEY_TEXTS.unknownPasskey);
    // The account the authenticator says the credential belongs to must be its owner here.
    const { userHandle } = body.response.response;
    if (userHandle !== undefined && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId) throw notVerified();
    const info = await verify(body, expectedChallenge, passkey);
    const isRecorded = await repo.recordUse(db, passkey.id, {
      previousCounter: passkey.counter,
      newCounter: info.newCounter,
      backedUp: info.credentialBackedUp,
    });
    if (!isRecorded) throw notVerified();
    return deps.signInProven(passkey.userId, ctx);
  }

  return { options, signIn };
}

export type PasskeySignInService = ReturnType<typeof createPasskeySignInService>;
