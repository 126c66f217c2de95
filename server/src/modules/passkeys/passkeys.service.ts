/**
 * A member's passkeys (issue 24, ADR 077): adding one (WebAuthn registration, verified by
 * SimpleWebAuthn), listing, renaming and removing them. Only the owner ever reaches a passkey:
 * another member's id answers exactly as an unknown one (404).
 */
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticatorTransportFuture } from '@simplewebauthn/server';
import { type AddPasskey, PASSKEY_LIMITS, PASSKEY_TEXTS, type Passkey, type WebAuthnOptions } from '@common/schemas/passkey';
import type { Database } from '@db/client';
import { isUniqueViolation } from '@db/pg-errors';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '@server/lib/errors';
import { TEXTS } from '@common/texts';
import * as authRepo from '../auth/auth.repository';
import { verifyPassword } from '../auth/password-hasher';
import { keepChallenge, takeChallenge } from './challenges';
import { defaultPasskeyName } from './passkey-names';
import * as repo from './passkeys.repository';
import { CEREMONY_TIMEOUT_MS, type RelyingParty } from './relying-party';

export const toPasskey = (row: repo.ListedPasskey): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  isBackedUp: row.backedUp,
});

/** Stored transports: a comma-separated list, as the browser reported them. */
export const parseTransports = (text: string | null) =>
  text ? (text.split(',').filter(Boolean) as AuthenticatorTransportFuture[]) : undefined;

/** The WebAuthn user handle of a member: its id's bytes (no personal data, the same on every passkey). */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

export function createPasskeysService(deps: { db: Database; rp: RelyingParty }) {
  const { db, rp } = deps;

  async function assertRoom(userId: string) {
    if ((await repo.countOf(db, userId)) >= PASSKEY_LIMITS.perMember) throw new BadRequestError(PASSKEY_TEXTS.tooMany);
  }

  async function assertPassword(userId: string, password: string) {
    const hash = await authRepo.findPasswordHash(db, userId);
    if (!hash || !(await verifyPassword({ hash, password })))
      throw new BadRequestError(TEXTS.currentPasswordWrong, { code: 'current_password_wrong', field: 'currentPassword' });
  }

  /** Options for navigator.credentials.create() once the password is confirmed; the challenge is kept for the answer. */
  async function registrationOptions(userId: string, currentPassword: string, previousChallengeId?: string) {
    await assertRoom(userId);
    await assertPassword(userId, currentPassword);
    const account = await repo.findAccountLabel(db, userId);
    if (!account) throw new UnauthorizedError();
    const own = await repo.credentialsOf(db, userId);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: userHandleOf(userId),
      userName: account.email,
      userDisplayName: account.name ?? account.email,
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: own.map((c) => ({ id: c.credentialId, transports: parseTransports(c.transports) })),
      // Discoverable and verified: the passkey alone signs in, no e-mail typed, two factors in one.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const challengeId = await keepChallenge(db, options.challenge, userId, previousChallengeId);
    return { options: { ...options } as WebAuthnOptions, challengeId };
  }

  async function verify(body: AddPasskey, expectedChallenge: string) {
    try {
      const result = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
      if (result.verified) return result.registrationInfo;
    } catch {
      // SimpleWebAuthn explains in English for developers; the member gets one plain sentence.
    }
    throw new BadRequestError(PASSKEY_TEXTS.notVerified);
  }

  /** The browser's answer to the options: verified against the kept challenge, then stored. */
  async function add(userId: string, body: AddPasskey, challengeId: string | undefined): Promise<Passkey> {
    const expectedChallenge = await takeChallenge(db, challengeId, userId);
    const info = await verify(body, expectedChallenge);
    await assertRoom(userId);
    try {
      const row = await repo.insertPasskey(db, {
        userId,
        name: body.name ?? defaultPasskeyName(info.aaguid),
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        transports: info.credential.transports?.join(',') ?? null,
        aaguid: info.aaguid,
      });
      return toPasskey(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(PASSKEY_TEXTS.alreadyRegistered);
      throw error;
    }
  }

  async function list(userId: string) {
    return { items: (await repo.listOf(db, userId)).map(toPasskey) };
  }

  async function rename(userId: string, id: string, name: string): Promise<Passkey> {
    const row = await repo.rename(db, userId, id, name);
    if (!row) throw new NotFoundError(PASSKEY_TEXTS.notFound);
    return toPasskey(row);
  }

  async function remove(userId: string, id: string): Promise<void> {
    if (!(await repo.remove(db, userId, id))) throw new NotFoundError(PASSKEY_TEXTS.notFound);
  }

  return { registrationOptions, add, list, rename, remove };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
