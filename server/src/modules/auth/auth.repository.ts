import { and, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '@common/schemas/auth';
import type { Executor } from '@db/client';
import {
  accounts,
  emailChangeTokens,
  pendingActivations,
  profiles,
  sessions,
  signupTokens,
  twoFactorSecrets,
  userRoles,
  users,
} from '@db/schema';

export async function findRole(db: Executor, userId: string): Promise<Role | null> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return row?.role ?? null;
}

export async function findCurrentUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: userRoles.role,
      name: profiles.name,
      username: profiles.username,
      profilePictureUrl: profiles.profilePictureUrl,
      isTwoFactorEnabled: sql<boolean>`${twoFactorSecrets.enabledAt} is not null`,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { ...row, role: row.role ?? 'pending' } : null;
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.id ?? null;
}

/** The account holding `email` (any case), locked until commit; undefined when there is none. */
export async function lockUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, isEmailVerified: users.emailVerified })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .for('update');
  return row;
}

/** A signup link proved the mailbox (ADR 027): the account takes the invitee's name, its mailbox is proven. */
export async function markClaimed(db: Executor, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Replaces the password of the account's e-mail/password credential (better-auth's storage). */
export async function setPasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  const updated = await db
    .update(accounts)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await db.insert(accounts).values({ userId, accountId: userId, providerId: 'credential', password: passwordHash });
  }
}

/** The stored hash of the account's password; null when it has none. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row?.password ?? null;
}

export async function deleteSessionsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteEmailChangesOf(db: Executor, userId: string): Promise<void> {
  await db.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId));
}

/** Usernames taken that a handle made from `base` could collide with: `base` itself and `base-N`. */
export async function takenUsernamesLike(db: Executor, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ username: sql<string>`lower(${profiles.username})` })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = ${base} or lower(${profiles.username}) like ${`${base}-%`}`);
  return new Set(rows.map((r) => r.username));
}

/** docs/product.md#invitations-and-signing-up: the role row is updated if it exists, else inserted. */
export async function setRole(db: Executor, userId: string, role: Role): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}

/** docs/product.md#invitations-and-signing-up: the profile is upserted by user_id; the username is a handle made from the name (ADR 026). */
export async function upsertProfile(
  db: Executor,
  values: { userId: string; name: string; username: string; country: string | null },
): Promise<void> {
  await db
    .insert(profiles)
    .values(values)
    .onConflictDoUpdate({
      target: profiles.userId,
      set: {
        name: values.name,
        username: values.username,
        country: sql`coalesce(${profiles.country}, excluded.country)`,
        updatedAt: new Date(),
      },
    });
}

/** The waiting_signup activation whose unexpired token hashes to `tokenHash`, for that e-mail. */
export async function findActivationByToken(db: Executor, email: string, tokenHash: string) {
  const [row] = await db
    .select({ id: pendingActivations.id, country: pendingActivations.country })
    .from(signupTokens)
    .innerJoin(pendingActivations, eq(pendingActivations.id, signupTokens.pendingActivationId))
    .where(
      and(
        eq(signupTokens.tokenHash, tokenHash),
        gt(signupTokens.expiresAt, new Date()),
        eq(pendingActivations.status, 'waiting_signup'),
        sql`lower(${pendingActivations.email}) = lower(${email})`,
      ),
    );
  return row ?? null;
}

/** Consumes the activation (its tokens go with it); false when another request consumed it first. */
export async function deleteActivation(db: Executor, id: string): Promise<boolean> {
  const deleted = await db
    .delete(pendingActivations)
    .where(eq(pendingActivations.id, id))
    .returning({ id: pendingActivations.id });
  return deleted.length === 1;
}

/**
 * Undoes a sign-up whose profile and role could not be written: the user row goes, unless a role
 * row exists by now (a signup link's takeover finished it meanwhile, ADR 027), which it keeps.
 */
export async function deleteUnfinishedUser(db: Executor, userId: string): Promise<void> {
  await db
    .delete(users)
    .where(and(eq(users.id, userId), sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId})`));
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
