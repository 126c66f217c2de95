/**
 * The challenges of both ceremonies (ADR 077): stored by the SHA-256 of a random id that only the
 * browser holds (in an HttpOnly cookie), taken with DELETE ... RETURNING so each answers once,
 * and refused after CHALLENGE_LIFETIME_MS.
 */
import { PASSKEY_TEXTS } from '@common/schemas/passkey';
import type { Database } from '@db/client';
import { BadRequestError } from '@server/lib/errors';
import { hashToken, newSignupToken } from '../invitations/signup-token';
import * as repo from './passkeys.repository';
import { CHALLENGE_LIFETIME_MS } from './relying-party';

/** Keeps `challenge` for the answer of `userId`'s registration (or, null, of a sign-in); returns the cookie's id. */
export async function keepChallenge(db: Database, challenge: string, userId: string | null, previousId?: string) {
  const { token: id, tokenHash: idHash } = newSignupToken();
  await db.transaction(async (tx) => {
    // The ceremony this browser started before is abandoned: its challenge can no longer answer.
    if (previousId) await repo.deleteChallenge(tx, hashToken(previousId));
    if (userId) await repo.deleteRegistrationChallengesOf(tx, userId);
    await repo.insertChallenge(tx, { idHash, userId, challenge, expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS) });
  });
  return id;
}

/** The challenge the cookie's id names, consumed; a missing, used, expired or other member's one is refused. */
export async function takeChallenge(db: Database, id: string | undefined, userId: string | null): Promise<string> {
  const row = id ? await repo.takeChallenge(db, hashToken(id), userId) : null;
  if (!row || row.expiresAt.getTime() <= Date.now()) throw new BadRequestError(PASSKEY_TEXTS.challengeExpired);
  return row.challenge;
}
