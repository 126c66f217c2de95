/**
 * Invitation requests (docs/product.md#invitations-and-signing-up): a visitor asks, an admin approves or rejects. Approval
 * writes the decision, the pending activation and its signup token in one transaction, then
 * e-mails the link; a failed e-mail is reported to the admin, never undone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { InvitationDecisionResult, InvitationRequest } from '@common/schemas/invitation';
import { TEXTS } from '@common/texts';
import type { Database, Executor } from '@db/client';
import { isUniqueViolation } from '@db/pg-errors';
import { ConflictError, NotFoundError } from '@server/lib/errors';
import { decodeCursor, toPage } from '@server/lib/keyset';
import { type Actor, insertAudit } from '../audit/audit.repository';
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
      if (isUniqueViolation(error))
        throw new ConflictError(TEXTS.invitationDuplicate, { code: 'invitation_duplicate', field: 'email' });
      throw error;
    }
    if (!isStored) throw new ConflictError(TEXTS.invitationDuplicate, { code: 'invitation_duplicate', field: 'email' });
    // The confirmation's failure is ignored (docs/product.md#invitations-and-signing-up); the request itself is saved.
    await trySend(invitationConfirmation(body));
  }

  async function list(cursor: string | undefined, limit: number) {
    const rows = await repo.listInvitations(db, decodeCursor(cursor), limit);
    return toPage(rows, limit, toInvitation);
  }

  /** The decision's audit entry (ADR 089): the request was pending before. */
  async function auditDecision(tx: Executor, actor: Actor, row: Row, status: 'approved' | 'rejected') {
    await insertAudit(tx, actor, {
      action: `invitation.${status === 'approved' ? 'approve' : 'reject'}`,
      targetType: 'invitation',
      targetId: row.id,
      before: { email: row.email, status: 'pending' },
      after: { status },
    });
  }

  async function decidedOrThrow(id: string, decided: Row | undefined): Promise<Row> {
    if (decided) return decided;
    if (!(await repo.findInvitation(db, id))) throw new NotFoundError('Invitation request not found');
    throw new ConflictError(TEXTS.invitationOnlyPending);
  }

  async function approve(id: string, actor: Actor): Promise<InvitationDecisionResult> {
    const { token, ...tokenRow } = newSignupToken();
    const decided = await db.transaction(async (tx) => {
      const row = await repo.decideInvitation(tx, id, 'approved', actor.userId);
      if (!row) return undefined;
      await auditDecision(tx, actor, row, 'approved');
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

  async function reject(id: string, actor: Actor): Promise<InvitationDecisionResult> {
    const decided = await db.transaction(async (tx) => {
      const row = await repo.decideInvitation(tx, id, 'rejected', actor.userId);
      if (row) await auditDecision(tx, actor, row, 'rejected');
      return row;
    });
    const invitation = await decidedOrThrow(id, decided);
    return { invitation: toInvitation(invitation), isEmailSent: false };
  }

  /** DELETE /api/admin/invitations/:id (any status). */
  async function remove(id: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await repo.findInvitation(tx, id);
      if (!before || !(await repo.deleteInvitation(tx, id))) throw new NotFoundError('Invitation request not found');
      await insertAudit(tx, actor, {
        action: 'invitation.delete',
        targetType: 'invitation',
        targetId: id,
        before: { email: before.email, status: before.status },
      });
    });
  }

  return { submit, list, approve, reject, remove };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
