/**
 * What every start does before serving (docs/product.md#running-waymark): migrate, seed the tip types, settle the
 * session secret and make sure an admin exists. Idempotent, and serialised across instances.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '@db/client';
import { runMigrations, withStartupLock } from '@db/migrate';
import { accounts, appSettings, profiles, userRoles, users } from '@db/schema';
import { seedTipTypes } from '@db/seed';
import type { Config } from './config/env';
import { hashPassword } from './modules/auth/password-hasher';
import { writeProfileWithHandle } from './modules/auth/new-handle';

export interface BootstrapResult {
  sessionSecret: string;
  /** Set only when this start created the first admin with a generated password. */
  generatedAdmin?: { email: string; password: string };
}

/** SESSION_SECRET, or one generated once and kept in the database so every instance shares it. */
async function sessionSecret(db: Executor, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'session_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'session_secret'));
  if (!row) throw new Error('session secret missing after insert');
  return row.value;
}

/** Creates the first admin on a database that has none; returns the password if generated. */
export async function ensureFirstAdmin(db: Executor, config: Pick<Config, 'adminEmail' | 'adminPassword'>) {
  const [existing] = await db.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1);
  if (existing) return undefined;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const email = config.adminEmail.toLowerCase();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    const userId =
      found?.id ??
      // The operator configured the address: it counts as proven (ADR 027).
      (await tx.insert(users).values({ name: 'Administrator', email, emailVerified: true }).returning({ id: users.id }))[0]!.id;
    if (!found) {
      // better-auth's storage of an e-mail/password credential.
      await tx.insert(accounts).values({ userId, accountId: userId, providerId: 'credential', password: passwordHash });
    }
    // A handle made from the name, never the e-mail (docs/product.md#profiles); an existing profile is kept as it is.
    const [profile] = await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, userId));
    if (!profile) await writeProfileWithHandle(tx, { userId, name: 'Administrator', country: null });
    await tx
      .insert(userRoles)
      .values({ userId, role: 'admin' })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: 'admin' } });
  });
  return config.adminPassword ? undefined : { email, password };
}

export async function bootstrap(handle: DatabaseHandle, config: Config): Promise<BootstrapResult> {
  return withStartupLock(handle, async () => {
    await runMigrations(handle);
    await seedTipTypes(handle.db);
    const secret = await sessionSecret(handle.db, config.sessionSecret);
    const generatedAdmin = await ensureFirstAdmin(handle.db, config);
    return { sessionSecret: secret, generatedAdmin };
  });
}
