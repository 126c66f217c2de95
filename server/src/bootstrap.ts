/**
 * What every start does before serving (docs/product.md#running-waymark): migrate, seed the tip types, settle the
 * session secret and make sure an admin exists. Idempotent, and serialised across instances.
 */
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle, Executor } from '@db/client';
import { runMigrations, withStartupLock } from '@db/migrate';
import { seedTipTypes } from '@db/seed';
import * as repo from './bootstrap.repository';
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
  const secret = await repo.keepSessionSecret(db, randomBytes(48).toString('base64url'));
  if (secret === undefined) throw new Error('session secret missing after insert');
  return secret;
}

/** Creates the first admin on a database that has none; returns the password if generated. */
export async function ensureFirstAdmin(db: Executor, config: Pick<Config, 'adminEmail' | 'adminPassword'>) {
  if (await repo.hasAdmin(db)) return undefined;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const email = config.adminEmail.toLowerCase();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const found = await repo.userIdByEmail(tx, email);
    const userId =
      found ??
      // The operator configured the address: it counts as proven (ADR 027).
      (await repo.insertVerifiedUser(tx, 'Administrator', email));
    if (found === undefined) await repo.insertPasswordCredential(tx, userId, passwordHash);
    // A handle made from the name, never the e-mail (docs/product.md#profiles); an existing profile is kept as it is.
    if (!(await repo.hasProfile(tx, userId))) await writeProfileWithHandle(tx, { userId, name: 'Administrator', country: null });
    await repo.makeAdmin(tx, userId);
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
