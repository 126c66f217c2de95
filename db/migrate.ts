/**
 * Applies db/migrations (idempotent: drizzle records what ran). On PostgreSQL an advisory lock
 * makes instances that start together take turns, so each migration runs once.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');
const STARTUP_LOCK = 727_274_001;

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, config);
  } else {
    await migratePg(handle.db as never, config);
  }
}

/** Runs `work` while holding the start-up lock (PostgreSQL); PGlite has one connection anyway. */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return work();
  return handle.db.transaction(async (tx) => {
    // Transaction-scoped: released at commit or rollback, even if this process dies.
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK})`);
    return work();
  });
}
