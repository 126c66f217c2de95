/** Forgotten-password links (ADR 073): only each token's SHA-256 is stored. */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { passwordResetTokens, signInChallenges, users } from '@db/schema';

/** The account holding `email` (any case); undefined when none. */
export async function findAccountByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/** A new link for the account; its expired ones are dropped on the way (no sweeper needed). */
export async function insertPasswordReset(db: Executor, values: { userId: string; tokenHash: string; expiresAt: Date }) {
  await db.transaction(async (tx) => {
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, values.userId), lt(passwordResetTokens.expiresAt, new Date())));
    await tx.insert(passwordResetTokens).values(values);
  });
}

/** Consumes the link whose token hashes to `tokenHash`, expired or not (single use: one DELETE wins). */
export async function takePasswordReset(db: Executor, tokenHash: string) {
  const [row] = await db
    .delete(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .returning({ userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt });
  return row;
}

/** Every link of the account stops working: its password or e-mail changed. */
export async function deletePasswordResetsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

/** A sign-in half done with the old password (waiting for its second factor) ends with it. */
export async function deleteSignInChallengesOf(db: Executor, userId: string): Promise<void> {
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}

export async function findEmailOf(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
