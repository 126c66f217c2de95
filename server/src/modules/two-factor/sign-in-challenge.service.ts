/**
 * The step between a right password and the second factor (ADR 075): the browser holds a random
 * token in an HttpOnly cookie, the server its SHA-256 (sign_in_challenges). It lasts 5 minutes
 * and allows 5 tries; then the member enters the password again.
 */
import { randomBytes } from 'node:crypto';
import { TWO_FACTOR_TEXTS } from '@common/schemas/two-factor';
import type { Database } from '@db/client';
import { AppError, BadRequestError, TooManyRequestsError } from '@server/lib/errors';
import { hashToken } from '../invitations/signup-token';
import * as repo from './sign-in-challenge.repository';
import type { Factor, TwoFactorService } from './two-factor.service';

export const CHALLENGE_SECONDS = 5 * 60;
export const CHALLENGE_MAX_ATTEMPTS = 5;

export function createSignInChallenges({ db, twoFactor }: { db: Database; twoFactor: TwoFactorService }) {
  async function start(userId: string): Promise<{ token: string; expiresInSeconds: number }> {
    const token = randomBytes(32).toString('base64url');
    await repo.insertChallenge(db, {
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
    });
    return { token, expiresInSeconds: CHALLENGE_SECONDS };
  }

  /** Counts a try; the challenge's user. Unknown, expired or used up: refused, the member starts over. */
  async function attempt(token: string | undefined): Promise<{ userId: string; attempts: number }> {
    const counted = token ? await repo.countAttempt(db, hashToken(token)) : null;
    if (!counted || !token) throw new BadRequestError(TWO_FACTOR_TEXTS.challengeExpired);
    if (counted.attempts > CHALLENGE_MAX_ATTEMPTS) {
      await repo.deleteChallenge(db, hashToken(token));
      throw new TooManyRequestsError(TWO_FACTOR_TEXTS.challengeEnded);
    }
    return counted;
  }

  /**
   * Proves the factor and ends the challenge; the caller then starts the session. The last
   * allowed wrong code ends the challenge at once (429), so the member learns it then.
   */
  async function finish(token: string, tried: { userId: string; attempts: number }, factor: Factor): Promise<void> {
    try {
      await twoFactor.proveFactor(tried.userId, factor);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 400 && tried.attempts >= CHALLENGE_MAX_ATTEMPTS) {
        await repo.deleteChallenge(db, hashToken(token));
        throw new TooManyRequestsError(TWO_FACTOR_TEXTS.challengeEnded);
      }
      throw error;
    }
    // Two right codes racing: the step claim lets one through; a recovery code and a code racing
    // could both pass, and this lets only one of them start a session.
    if (!(await repo.deleteChallenge(db, hashToken(token)))) throw new BadRequestError(TWO_FACTOR_TEXTS.challengeExpired);
  }

  return { start, attempt, finish };
}

export type SignInChallenges = ReturnType<typeof createSignInChallenges>;
