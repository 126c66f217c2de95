import { and, desc, eq, sql } from 'drizzle-orm';
import type { InvitationRequest, InvitationStatus } from '../../../../common/schemas/invitation';
import type { Executor } from '../../../../db/client';
import { invitationRequests, pendingActivations, signupTokens } from '../../../../db/schema';
import { type Cursor, beforeCursor, cursorText } from '../../lib/keyset';

const invitationColumns = {
  id: invitationRequests.id,
  fullName: invitationRequests.fullName,
  email: invitationRequests.email,
  country: invitationRequests.country,
  howDidYouKnow: invitationRequests.howDidYouKnow,
  aboutYourself: invitationRequests.aboutYourself,
  status: invitationRequests.status,
  createdAt: invitationRequests.createdAt,
};

export type InvitationRow = Awaited<ReturnType<typeof findInvitation>> & {};

export async function insertInvitation(db: Executor, values: InvitationRequest): Promise<void> {
  await db.insert(invitationRequests).values({ ...values, email: values.email.toLowerCase() });
}

export async function findInvitation(db: Executor, id: string) {
  const [row] = await db.select(invitationColumns).from(invitationRequests).where(eq(invitationRequests.id, id));
  return row;
}

export function listInvitations(db: Executor, cursor: Cursor | null, limit: number) {
  return db
    .select({ ...invitationColumns, cursorTs: cursorText(invitationRequests.createdAt) })
    .from(invitationRequests)
    .where(beforeCursor(invitationRequests.createdAt, invitationRequests.id, cursor))
    .orderBy(desc(invitationRequests.createdAt), desc(invitationRequests.id))
    .limit(limit + 1);
}

/** Moves a pending request to its decision; undefined when it is no longer pending. */
export async function decideInvitation(db: Executor, id: string, status: InvitationStatus, adminId: string) {
  const [row] = await db
    .update(invitationRequests)
    .set({ status, approvedBy: adminId })
    .where(and(eq(invitationRequests.id, id), eq(invitationRequests.status, 'pending')))
    .returning(invitationColumns);
  return row;
}

/** One waiting activation per e-mail: approving again replaces the earlier one and its links. */
export async function replaceActivation(
  db: Executor,
  values: { invitationRequestId: string; email: string; fullName: string; country: string },
): Promise<string> {
  const email = values.email.toLowerCase();
  await db.delete(pendingActivations).where(sql`lower(${pendingActivations.email}) = ${email}`);
  const [row] = await db
    .insert(pendingActivations)
    .values({ ...values, email, status: 'waiting_signup' })
    .returning({ id: pendingActivations.id });
  if (!row) throw new Error('pending activation was not written');
  return row.id;
}

/** A fresh token replaces every earlier one of the activation (resend invalidates old links). */
export async function replaceSignupToken(
  db: Executor,
  pendingActivationId: string,
  token: { tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.delete(signupTokens).where(eq(signupTokens.pendingActivationId, pendingActivationId));
  await db.insert(signupTokens).values({ pendingActivationId, ...token });
}

/** Deletes a request whatever its status; its activation keeps working (invitation_request_id set null). */
export async function deleteInvitation(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(invitationRequests).where(eq(invitationRequests.id, id)).returning({ id: invitationRequests.id });
  return rows.length > 0;
}
