/**
 * Invitation requests (SPEC 4, 5, 7): a visitor asks, an admin approves or rejects. Approval
 * writes the decision, the pending activation and its signup token in one transaction, then
 * e-mails the link; a failed e-mail is reported to the admin, never undone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { InvitationDecisionResult, InvitationRequest } from '@common/schemas/invitation';
import { TEXTS } from '@common/texts';
import type { Database } from '@db/client';
import { isUniqueViolation } from '@db/pg-errors';
import { ConflictError, NotFoundError } from '@server/lib/errors';
import { decodeCursor, toPage } from '@server/lib/keyset';
import type { Mailer } from '../mail/mailer';
import { invitationApproval, invitationConfirmation } from '../mail/templates';
import * as repo from './invitations.repository';
import { newSignupToken } from './signup-token';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findInvitation>>>;

function toInvitation(row: Row) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function signupUrl(publicUrl: string, person: { email: string; fullName: string }, token: string): string {
  const query = new URLSearchParams({ email: person.email, name: person.fullName, token });
  return `${publicUrl}/signup?${query.toString()}`;
}

export function createInvitationsService(deps: { db: Database; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger }) {
  const { db, mailer, log } = deps;

  async function trySend(message: Parameters<Mailer['send']>[0]): Promise<boolean> {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      log.warn({ err: error, to: message.to, subject: message.subject }, 'e-mail could not be sent');
      return false;
    }
  }

  async function submit(body: InvitationRequest): Promise<void> {
    let isStored: boolean;
    try {
      isStored = await repo.insertInvitation(db, body);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(TEXTS.invitationDuplicate);
      throw error;
    }
    if (!isStored) throw new ConflictError(TEXTS.invitationDuplicate);
    // SPEC 7: the confirmation's failure is ignored; the request itself is saved.
    await trySend(invitationConfirmation(body));
  }

  async function list(cursor: string | undefined, limit: number) {
    const rows = await repo.listInvitations(db, decodeCursor(cursor), limit);
    return toPage(rows, limit, toInvitation);
  }

  async function decidedOrThrow(id: string, decided: Row | undefined): Promise<Row> {
    if (decided) return decided;
    if (!(await repo.findInvitation(db, id))) throw new NotFoundError('Invitation request not found');
    throw new ConflictError(TEXTS.invitationOnlyPending);
  }

  async function approve(id: string, adminId: string): Promise<InvitationDecisionResult> {
    const { token, ...tokenRow } = newSignupToken();
    const decided = await db.transaction(async (tx) => {
      const row = await repo.decideInvitation(tx, id, 'approved', adminId);
      if (!row) return undefined;
      const activationId = await repo.replaceActivation(tx, {
        invitationRequestId: row.id,
        email: row.email,
        fullName: row.fullName,
        country: row.country,
      });
      await repo.replaceSignupToken(tx, activationId, tokenRow);
      return row;
    });
    const invitation = await decidedOrThrow(id, decided);
    const isEmailSent = await trySend(invitationApproval(invitation, signupUrl(deps.publicUrl, invitation, token)));
    return { invitation: toInvitation(invitation), isEmailSent };
  }

  async function reject(id: string, adminId: string): Promise<InvitationDecisionResult> {
    const invitation = await decidedOrThrow(id, await repo.decideInvitation(db, id, 'rejected', adminId));
    return { invitation: toInvitation(invitation), isEmailSent: false };
  }

  /** DELETE /api/admin/invitations/:id (any status). */
  async function remove(id: string): Promise<void> {
    if (!(await repo.deleteInvitation(db, id))) throw new NotFoundError('Invitation request not found');
  }

  return { submit, list, approve, reject, remove };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
