import { and, desc, eq, sql } from 'drizzle-orm';
import type { InvitationRequest, InvitationStatus } from '@common/schemas/invitation';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { invitationRequests, pendingActivations, signupTokens } from '@db/schema';
import { type Cursor, beforeCursor, cursorText, pageLimit } from '@server/lib/keyset';

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

/** After this many days an undecided or rejected request may be replaced by a new one (ADR 028). */
export const INVITATION_RETRY_DAYS = 7;

/**
 * Stores the request; false when the address already has one that stands: approved (it has its
 * signup link), or pending or rejected and younger than INVITATION_RETRY_DAYS. An older pending
 * or rejected one is replaced (pending again, on top of the list), so a request someone else made
 * for an address never locks its owner out for good.
 */
export async function insertInvitation(db: Executor, values: InvitationRequest): Promise<boolean> {
  // Raw: the conflict target is the lower(email) expression index, which drizzle cannot name.
  const rows = await executeRows<{ id: string }>(
    db,
    sql`
    insert into invitation_requests (full_name, email, country, how_did_you_know, about_yourself)
    values (${values.fullName}, ${values.email.toLowerCase()}, ${values.country}, ${values.howDidYouKnow}, ${values.aboutYourself})
    on conflict (lower(email)) do update set
      full_name = excluded.full_name, country = excluded.country, how_did_you_know = excluded.how_did_you_know,
      about_yourself = excluded.about_yourself, status = 'pending', approved_by = null, created_at = now()
    where invitation_requests.status <> 'approved'
      and invitation_requests.created_at < now() - make_interval(days => ${INVITATION_RETRY_DAYS})
    returning id`,
  );
  return rows.length > 0;
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
    .limit(pageLimit(limit + 1));
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
