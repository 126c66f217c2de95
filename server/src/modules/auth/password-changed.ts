/**
 * What follows every password change, whichever path made it (the profile's form, a reset link):
 * the account's reset links stop working and its owner is told by e-mail (ADR 073).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@db/client';
import type { Mailer } from '../mail/mailer';
import { passwordChanged } from '../mail/templates';
import * as repo from './password-reset.repository';

export interface PasswordChangedDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export type PasswordChangedNotice = (userId: string) => Promise<void>;

export function createPasswordChangedNotice(deps: PasswordChangedDeps): PasswordChangedNotice {
  return async (userId) => {
    await repo.deletePasswordResetsOf(deps.db, userId);
    const email = await repo.findEmailOf(deps.db, userId);
    if (!email) return;
    const message = passwordChanged(email, `${deps.publicUrl}/forgot-password`);
    try {
      await deps.mailer.send(message);
    } catch (error) {
      // The change itself stands: a mail server that is down must not undo or fail it.
      deps.log.warn({ err: error, subject: message.subject }, 'e-mail could not be sent');
    }
  };
}
