/**
 * Changing the e-mail address (ADR 028): asked for with the current password, applied only when
 * the single-use link sent to the NEW address is opened (one hour), which also proves the mailbox.
 * The address being left is told when the change is asked for and when it happens, with a link
 * that undoes it (issue 36, ADR 108).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  type ChangeEmail,
  EMAIL_UNDO_TEXTS,
  type EmailChangeConfirmed,
  type EmailChangeRequested,
  type EmailChangeUndone,
} from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import type { Database, Executor } from '@db/client';
import { isUniqueViolation } from '@db/pg-errors';
import { BadRequestError, ConflictError, UnauthorizedError } from '@server/lib/errors';
import { newSignupToken, hashToken } from '../invitations/signup-token';
import type { Mailer, MailMessage } from '../mail/mailer';
import { emailChangeConfirmation, emailChangeNotice } from '../mail/templates';
import { deleteSignInChallengesOf } from './password-reset.repository';
import { endSessionsOf } from './session-epoch.repository';
import type { AuthChanges } from '../account/account.service';
import * as authRepo from './auth.repository';
import * as repo from './email-change.repository';
import { deletePasswordResetsOf } from './password-reset.repository';
import { verifyPassword } from './password-hasher';
import type { Viewer } from './viewer';

export const EMAIL_CHANGE_LIFETIME_MS = 60 * 60 * 1000;
/** The old mailbox may be read days later (ADR 108). */
export const EMAIL_UNDO_LIFETIME_DAYS = 7;

export function undoEmailChangeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/undo-email-change?${new URLSearchParams({ token }).toString()}`;
}

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

  /** A new undo link for `oldEmail`, stored hashed; the URL to mail. */
  async function newUndoUrl(tx: Executor, userId: string, oldEmail: string): Promise<string> {
    const { token, tokenHash } = newSignupToken();
    const expiresAt = new Date(Date.now() + EMAIL_UNDO_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
    await repo.insertUndoToken(tx, { userId, oldEmail, tokenHash, expiresAt });
    return undoEmailChangeUrl(deps.publicUrl, token);
  }

  /** Mails, after commit; a mail server that is down fails nothing (the change stands, as ADR 073). */
  async function send(message: MailMessage): Promise<boolean> {
    try {
      await deps.mailer.send(message);
      return true;
    } catch (error) {
      deps.log.warn({ err: error, subject: message.subject }, 'e-mail could not be sent');
      return false;
    }
  }

  async function assertPassword(userId: string, password: string): Promise<void> {
    const hash = await authRepo.findPasswordHash(db, userId);
    if (!hash || !(await verifyPassword({ hash, password })))
      throw new BadRequestError(TEXTS.currentPasswordWrong, { code: 'current_password_wrong', field: 'currentPassword' });
  }

  /** Checks the password and the address, then mails the link; nothing changes until it is opened. */
  async function request(viewer: Viewer, body: ChangeEmail): Promise<EmailChangeRequested> {
    await assertPassword(viewer.userId, body.currentPassword);
    const user = await repo.findUserEmail(db, viewer.userId);
    if (!user) throw new UnauthorizedError(TEXTS.signInRequired);
    const newEmail = body.email.toLowerCase();
    if (newEmail === user.email.toLowerCase()) throw new BadRequestError(TEXTS.sameEmail, { code: 'same_email', field: 'email' });
    if (await repo.isEmailTakenByOther(db, newEmail, viewer.userId)) {
      throw new ConflictError(TEXTS.emailInUse, { code: 'email_taken', field: 'email' });
    }
    // The signup links' token: 32 random bytes, only the SHA-256 stored; a shorter life here.
    const { token, tokenHash } = newSignupToken();
    const undoUrl = await db.transaction(async (tx) => {
      await repo.replaceEmailChange(tx, {
        userId: viewer.userId,
        newEmail,
        tokenHash,
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_LIFETIME_MS),
      });
      return newUndoUrl(tx, viewer.userId, user.email);
    });
    const message = emailChangeConfirmation(newEmail, confirmEmailUrl(deps.publicUrl, token), EMAIL_CHANGE_LIFETIME_MS / 60_000);
    const isEmailSent = await send(message);
    await send(emailChangeNotice(user.email, newEmail, undoUrl, EMAIL_UNDO_LIFETIME_DAYS, false));
    return { pendingEmail: newEmail, isEmailSent };
  }

  /** Opening the link: single use, whoever opens it (the token is the proof, not a session). */
  async function confirm(token: string): Promise<EmailChangeConfirmed> {
    const changed = await db.transaction(async (tx) => {
      const change = await repo.takeEmailChange(tx, hashToken(token));
      if (!change || change.expiresAt.getTime() <= Date.now()) return null;
      const old = await repo.findUserEmail(tx, change.userId);
      if (!old) return null;
      const removed = await repo.removeUnprovenPendingHolder(tx, change.newEmail, change.userId);
      // A reset link mailed to the old address must not take the account back (ADR 073).
      await deletePasswordResetsOf(tx, change.userId);
      try {
        await tx.transaction((savepoint) => repo.setVerifiedEmail(savepoint, change.userId, change.newEmail));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(TEXTS.emailInUse, { code: 'email_taken' });
        throw error;
      }
      return { ...change, removed, oldEmail: old.email, undoUrl: await newUndoUrl(tx, change.userId, old.email) };
    });
    // An expired link is consumed all the same (the delete commits); it never works later.
    if (!changed) throw new BadRequestError(TEXTS.emailChangeLinkInvalid);
    deps.authChanges.forgetUser(changed.userId);
    for (const removedId of changed.removed) deps.authChanges.forgetUser(removedId);
    await send(emailChangeNotice(changed.oldEmail, changed.newEmail, changed.undoUrl, EMAIL_UNDO_LIFETIME_DAYS, true));
    return { email: changed.newEmail };
  }

  /**
   * The undo link (ADR 108), opened by whoever reads the old mailbox: the account goes back to
   * that address (still proven: it was), every session ends with the epoch bumped, and every
   * pending change, undo link, reset link and half-done sign-in of the account is dropped, so
   * whoever made the change keeps nothing of it. Single use, expired or not.
   */
  async function undo(token: string): Promise<EmailChangeUndone> {
    const undone = await db.transaction(async (tx) => {
      const link = await repo.takeUndoToken(tx, hashToken(token));
      if (!link || link.expiresAt.getTime() <= Date.now()) return null;
      // Locks the users row first (the epoch bump), then puts the address back.
      await endSessionsOf(tx, link.userId);
      const current = await repo.findUserEmail(tx, link.userId);
      if (!current) return null;
      const removed =
        current.email.toLowerCase() === link.oldEmail.toLowerCase()
          ? []
          : await repo.removeUnprovenPendingHolder(tx, link.oldEmail, link.userId);
      try {
        await tx.transaction((savepoint) => repo.setVerifiedEmail(savepoint, link.userId, link.oldEmail));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(TEXTS.emailInUse, { code: 'email_taken' });
        throw error;
      }
      await repo.deleteUndoTokensOf(tx, link.userId);
      await deletePasswordResetsOf(tx, link.userId);
      await deleteSignInChallengesOf(tx, link.userId);
      return { userId: link.userId, email: link.oldEmail.toLowerCase(), removed };
    });
    // An expired link is consumed all the same (the delete commits); it never works later.
    if (!undone) throw new BadRequestError(EMAIL_UNDO_TEXTS.linkInvalid);
    deps.authChanges.forgetUser(undone.userId);
    for (const removedId of undone.removed) deps.authChanges.forgetUser(removedId);
    return { email: undone.email };
  }

  return { request, confirm, undo };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
