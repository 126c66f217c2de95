/** E-mail changes waiting for their link (ADR 028): one row per member, only the token's hash. */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client';
import { emailChangeTokens, users } from '../../../../db/schema';

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
  const [row] = await db
    .delete(emailChangeTokens)
    .where(eq(emailChangeTokens.tokenHash, tokenHash))
    .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt });
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

export async function findUserEmailAndName(db: Executor, userId: string) {
  const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return row;
}

export async function isEmailTakenByOther(db: Executor, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) and ${users.id} <> ${userId}`);
  return row !== undefined;
}
