/**
 * Forgotten passwords (ADR 073). Asking for a link answers at once and alike for every address:
 * the lookup, the token and the e-mail happen after the answer, so neither the words nor the
 * time tell whether an account exists. The link (one hour, single use, only its SHA-256 stored)
 * sets a new password, ends every session of the account and drops what the old password allowed
 * (asked-for e-mail changes, half-done sign-ins, other reset links). It never signs in: the
 * member signs in with the new password, second factor included.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PasswordResetDone, PasswordResetRequested, ResetPassword } from '@common/schemas/password-reset';
import { TEXTS } from '@common/texts';
import type { Database } from '@db/client';
import { BadRequestError } from '@server/lib/errors';
import { hashToken, newSignupToken } from '../invitations/signup-token';
import type { Mailer } from '../mail/mailer';
import { passwordResetLink } from '../mail/templates';
import type { AuthChanges } from '../account/account.service';
import * as authRepo from './auth.repository';
import type { PasswordChangedNotice } from './password-changed';
import { hashPassword } from './password-hasher';
import * as repo from './password-reset.repository';
import { endSessionsOf } from './session-epoch.repository';

export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;

/** Like the signup link (docs/product.md#invitations-and-signing-up): the token beside the address, which only fills in forms. */
export function resetPasswordUrl(publicUrl: string, token: string, email: string): string {
  return `${publicUrl}/reset-password?${new URLSearchParams({ token, email }).toString()}`;
}

export interface PasswordResetDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  authChanges: AuthChanges;
  passwordChanged: PasswordChangedNotice;
}

export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, log } = deps;
  const inFlight = new Set<Promise<void>>();

  /** Runs `work` after the current response is on its way; failures are logged, never answered. */
  function afterAnswer(work: () => Promise<void>) {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.warn({ err: error }, 'password reset: sending a link failed'))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  }

  async function sendLink(email: string): Promise<void> {
    const account = await repo.findAccountByEmail(db, email);
    if (!account) return;
    // The signup links' token: 32 random bytes (256 bits), only the SHA-256 stored.
    const { token, tokenHash } = newSignupToken();
    await repo.insertPasswordReset(db, {
      userId: account.id,
      tokenHash,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_LIFETIME_MS),
    });
    const url = resetPasswordUrl(deps.publicUrl, token, account.email);
    await deps.mailer.send(passwordResetLink(account.email, url, PASSWORD_RESET_LIFETIME_MS / 60_000));
  }

  function request(email: string): PasswordResetRequested {
    afterAnswer(() => sendLink(email));
    return { message: TEXTS.passwordResetRequested };
  }

  async function reset(body: ResetPassword): Promise<PasswordResetDone> {
    // Hashed before the token is looked at: a bad link costs the same as a good one.
    const passwordHash = await hashPassword(body.newPassword);
    const done = await db.transaction(async (tx) => {
      const link = await repo.takePasswordReset(tx, hashToken(body.token));
      if (!link || link.expiresAt.getTime() <= Date.now()) return null;
      await authRepo.setPasswordHash(tx, link.userId, passwordHash);
      // With the row locked and the epoch bumped: a sign-in racing this with the old password
      // cannot keep its session (ADR 108).
      await endSessionsOf(tx, link.userId);
      await repo.deleteSignInChallengesOf(tx, link.userId);
      return { userId: link.userId, email: await repo.findEmailOf(tx, link.userId) };
    });
    // An expired link is consumed all the same (the delete commits): it never works later.
    if (!done?.email) throw new BadRequestError(TEXTS.passwordResetLinkInvalid, { code: 'reset_link_invalid' });
    // Open pages and live streams of every session end now (the NOTIFY reaches other processes).
    deps.authChanges.forgetUser(done.userId);
    await deps.passwordChanged(done.userId);
    return { email: done.email };
  }

  /** Resolves once every link asked for so far has been handled (tests, shutdown). */
  async function settled(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  return { request, reset, settled };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
