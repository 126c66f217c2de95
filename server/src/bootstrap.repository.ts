/** The SQL of every start (bootstrap.ts): the shared session secret and the first admin. */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { accounts, appSettings, profiles, userRoles, users } from '@db/schema';

/** Stores `candidate` unless a secret is stored already; returns the stored one. */
export async function keepSessionSecret(db: Executor, candidate: string): Promise<string | undefined> {
  await db.insert(appSettings).values({ key: 'session_secret', value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'session_secret'));
  return row?.value;
}

export async function hasAdmin(db: Executor): Promise<boolean> {
  const [existing] = await db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1);
  return existing !== undefined;
}

/** The account with this (lower-case) e-mail, whatever the case it was stored in. */
export async function userIdByEmail(db: Executor, email: string): Promise<string | undefined> {
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return found?.id;
}

export async function insertVerifiedUser(db: Executor, name: string, email: string): Promise<string> {
  return (await db.insert(users).values({ name, email, emailVerified: true }).returning({ id: users.id }))[0]!.id;
}

/** better-auth's storage of an e-mail/password credential. */
export async function insertPasswordCredential(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.insert(accounts).values({ userId, accountId: userId, providerId: 'credential', password: passwordHash });
}

export async function hasProfile(db: Executor, userId: string): Promise<boolean> {
  const [profile] = await db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, userId));
  return profile !== undefined;
}

export async function makeAdmin(db: Executor, userId: string): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role: 'admin' })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: 'admin' } });
}
