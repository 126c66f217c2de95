import { and, asc, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { passkeys, profiles, users, webauthnChallenges } from '@db/schema';

// ---- Challenges ----

/** Stores a challenge; expired ones go first (the table only ever holds a few minutes of them). */
export async function insertChallenge(
  db: Executor,
  values: { idHash: string; userId: string | null; challenge: string; expiresAt: Date },
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values(values);
}

/** A member's earlier registration challenges: one ceremony at a time, the newest wins. */
export async function deleteRegistrationChallengesOf(db: Executor, userId: string): Promise<void> {
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
}

export async function deleteChallenge(db: Executor, idHash: string): Promise<void> {
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.idHash, idHash));
}

/**
 * Takes (deletes and returns) the challenge `idHash` names, of this member's registration or, with
 * `userId` null, of a sign-in: single use, whatever the answer's fate.
 */
export async function takeChallenge(db: Executor, idHash: string, userId: string | null) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.idHash, idHash),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, expiresAt: webauthnChallenges.expiresAt });
  return row ?? null;
}

// ---- Passkeys ----

const listed = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  backedUp: passkeys.backedUp,
};
export type ListedPasskey = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; backedUp: boolean };

export async function listOf(db: Executor, userId: string): Promise<ListedPasskey[]> {
  return db.select(listed).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** The member's credentials, for excludeCredentials (no second passkey on the same authenticator). */
export async function credentialsOf(db: Executor, userId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function insertPasskey(db: Executor, values: typeof passkeys.$inferInsert): Promise<ListedPasskey> {
  const [row] = await db.insert(passkeys).values(values).returning(listed);
  if (!row) throw new Error('passkey not written');
  return row;
}

export async function findByCredentialId(db: Executor, credentialId: string) {
  const [row] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/**
 * Records a verified use. The counter only moves forward: of two uses racing with the same stored
 * counter, the second finds it moved and is refused (false) as a cloned authenticator would be.
 */
export async function recordUse(
  db: Executor,
  id: string,
  use: { previousCounter: number; newCounter: number; backedUp: boolean },
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter: use.newCounter, backedUp: use.backedUp, lastUsedAt: new Date() })
    .where(
      and(
        eq(passkeys.id, id),
        // Authenticators that keep no counter (0 always, e.g. synced passkeys) are not compared.
        use.newCounter === 0 ? sql`true` : eq(passkeys.counter, use.previousCounter),
      ),
    )
    .returning({ id: passkeys.id });
  return updated.length === 1;
}

/** Renames the member's own passkey; null when it is not theirs or does not exist. */
export async function rename(db: Executor, userId: string, id: string, name: string): Promise<ListedPasskey | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning(listed);
  return row ?? null;
}

export async function remove(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return deleted.length === 1;
}

/** What the authenticator shows in its account picker: the e-mail (the sign-in name) and the name. */
export async function findAccountLabel(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}
