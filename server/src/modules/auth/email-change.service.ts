/**
 * Changing the e-mail address (ADR 028): asked for with the current password, applied only when
 * the single-use link sent to the NEW address is opened (one hour), which also proves the mailbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEmail, EmailChangeConfirmed, EmailChangeRequested } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import type { Database } from '@db/client';
import { isUniqueViolation } from '@db/pg-errors';
import { BadRequestError, ConflictError, UnauthorizedError } from '@server/lib/errors';
import { newSignupToken, hashToken } from '../invitations/signup-token';
import type { Mailer } from '../mail/mailer';
import { emailChangeConfirmation } from '../mail/templates';
import type { AuthChanges } from '../account/account.service';
import * as authRepo from './auth.repository';
import * as repo from './email-change.repository';
import { deletePasswordResetsOf } from './password-reset.repository';
import { verifyPassword } from './password-hasher';
import type { Viewer } from './viewer';

export const EMAIL_CHANGE_LIFETIME_MS = 60 * 60 * 1000;

export function confirmEmailUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email?${new URLSearchParams({ token }).toString()}`;
}

export interface EmailChangeDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  authChanges: AuthChanges;
}

export function createEmailChangeService(deps: EmailChangeDeps) {
  const { db } = deps;

  async function assertPassword(userId: string, password: string): Promise<void> {
    const hash = await authRepo.findPasswordHash(db, userId);
    if (!hash || !(await verifyPassword({ hash, password }))) throw new BadRequestError(TEXTS.currentPasswordWrong);
  }

  /** Checks the password and the address, then mails the link; nothing changes until it is opened. */
  async function request(viewer: Viewer, body: ChangeEmail): Promise<EmailChangeRequested> {
    await assertPassword(viewer.userId, body.currentPassword);
    const user = await repo.findUserEmail(db, viewer.userId);
    if (!user) throw new UnauthorizedError(TEXTS.signInRequired);
    const newEmail = body.email.toLowerCase();
    if (newEmail === user.email.toLowerCase()) throw new BadRequestError(TEXTS.sameEmail);
    if (await repo.isEmailTakenByOther(db, newEmail, viewer.userId)) throw new ConflictError(TEXTS.emailInUse);
    // The signup links' token: 32 random bytes, only the SHA-256 stored; a shorter life here.
    const { token, tokenHash } = newSignupToken();
    await repo.replaceEmailChange(db, {
      userId: viewer.userId,
      newEmail,
      tokenHash,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_LIFETIME_MS),
    });
    const message = emailChangeConfirmation(newEmail, confirmEmailUrl(deps.publicUrl, token), EMAIL_CHANGE_LIFETIME_MS / 60_000);
    try {
      await deps.mailer.send(message);
      return { pendingEmail: newEmail, isEmailSent: true };
    } catch (error) {
      deps.log.warn({ err: error, subject: message.subject }, 'e-mail could not be sent');
      return { pendingEmail: newEmail, isEmailSent: false };
    }
  }

  /** Opening the link: single use, whoever opens it (the token is the proof, not a session). */
  async function confirm(token: string): Promise<EmailChangeConfirmed> {
    const changed = await db.transaction(async (tx) => {
      const change = await repo.takeEmailChange(tx, hashToken(token));
      if (!change || change.expiresAt.getTime() <= Date.now()) return null;
      const removed = await repo.removeUnprovenPendingHolder(tx, change.newEmail, change.userId);
      // A reset link mailed to the old address must not take the account back (ADR 073).
      await deletePasswordResetsOf(tx, change.userId);
      try {
        await tx.transaction((savepoint) => repo.setVerifiedEmail(savepoint, change.userId, change.newEmail));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(TEXTS.emailInUse);
        throw error;
      }
      return { ...change, removed };
    });
    // An expired link is consumed all the same (the delete commits); it never works later.
    if (!changed) throw new BadRequestError(TEXTS.emailChangeLinkInvalid);
    deps.authChanges.forgetUser(changed.userId);
    for (const removedId of changed.removed) deps.authChanges.forgetUser(removedId);
    return { email: changed.newEmail };
  }

  return { request, confirm };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
