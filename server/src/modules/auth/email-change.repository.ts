/** E-mail changes waiting for their link (ADR 028): one row per member, only the token's hash. */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { emailChangeTokens, emailChangeUndoTokens, guides, tips, userRoles, users } from '@db/schema';

/** The member's asked-for change; a new one replaces the earlier (its link stops working). */
export async function replaceEmailChange(
  db: Executor,
  values: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(emailChangeTokens)
    .values(values)
    .onConflictDoUpdate({
      target: emailChangeTokens.userId,
      set: { newEmail: values.newEmail, tokenHash: values.tokenHash, expiresAt: values.expiresAt, createdAt: new Date() },
    });
}

/** Consumes the change whose token hashes to `tokenHash` (single use, expired or not); undefined when none. */
export async function takeEmailChange(db: Executor, tokenHash: string) {
  const [row] = await db.delete(emailChangeTokens).where(eq(emailChangeTokens.tokenHash, tokenHash)).returning({
    userId: emailChangeTokens.userId,
    newEmail: emailChangeTokens.newEmail,
    expiresAt: emailChangeTokens.expiresAt,
  });
  return row;
}

/** The link proved the mailbox: the address changes and counts as proven (ADR 027). */
export async function setVerifiedEmail(db: Executor, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ email: email.toLowerCase(), emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserEmail(db: Executor, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * An account that holds an address without ever proving it, is still pending and has nothing of
 * its own: it must not keep the owner of the mailbox out (ADR 027, ADR 028). Anyone can make one
 * for any address by signing up without a link.
 */
const isUnprovenPendingHolder = sql`(
  not ${users.emailVerified}
  and not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} <> 'pending')
  and not exists (select 1 from ${tips} where ${tips.userId} = ${users.id})
  and not exists (select 1 from ${guides} where ${guides.userId} = ${users.id})
)`;

/** Another account holds the address and may keep it (an unproven pending holder may not). */
export async function isEmailTakenByOther(db: Executor, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) and ${users.id} <> ${userId} and not ${isUnprovenPendingHolder}`);
  return row !== undefined;
}

/**
 * The link proved the mailbox: an unproven pending account holding the address (a squatter, or
 * the owner's own pending duplicate made without a link) is removed; its ids are returned.
 */
export async function removeUnprovenPendingHolder(db: Executor, email: string, userId: string): Promise<string[]> {
  const rows = await db
    .delete(users)
    .where(sql`lower(${users.email}) = lower(${email}) and ${users.id} <> ${userId} and ${isUnprovenPendingHolder}`)
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** An undo link for the address being left (ADR 108). */
export async function insertUndoToken(
  db: Executor,
  values: { userId: string; oldEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChangeUndoTokens).values(values);
}

/** Consumes the undo link whose token hashes to `tokenHash` (single use, expired or not). */
export async function takeUndoToken(db: Executor, tokenHash: string) {
  const [row] = await db.delete(emailChangeUndoTokens).where(eq(emailChangeUndoTokens.tokenHash, tokenHash)).returning({
    userId: emailChangeUndoTokens.userId,
    oldEmail: emailChangeUndoTokens.oldEmail,
    expiresAt: emailChangeUndoTokens.expiresAt,
  });
  return row;
}

/** Every undo link of the account stops working: one was used. */
export async function deleteUndoTokensOf(db: Executor, userId: string): Promise<void> {
  await db.delete(emailChangeUndoTokens).where(eq(emailChangeUndoTokens.userId, userId));
}
