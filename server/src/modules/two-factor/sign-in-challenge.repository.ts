import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { signInChallenges } from '@db/schema';

/** A new challenge; expired ones (anyone's) are cleared on the way, so the table stays small. */
export async function insertChallenge(db: Executor, values: { tokenHash: string; userId: string; expiresAt: Date }) {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date()));
  await db.insert(signInChallenges).values(values);
}

/**
 * Counts one try against the live challenge with this hash, in one statement (two racing tries
 * both count); its user and the count so far, or null when it is unknown or expired.
 */
export async function countAttempt(db: Executor, tokenHash: string) {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(and(eq(signInChallenges.tokenHash, tokenHash), gt(signInChallenges.expiresAt, new Date())))
    .returning({ userId: signInChallenges.userId, attempts: signInChallenges.attempts });
  return row ?? null;
}

/** Ends the challenge; false when another request ended it first. */
export async function deleteChallenge(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.tokenHash, tokenHash))
    .returning({ userId: signInChallenges.userId });
  return rows.length === 1;
}
