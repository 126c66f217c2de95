/** Where a bench data set lives: a database on the local PostgreSQL server, or a PGlite DATA_DIR. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '@db/client';
import { createDatabase, databaseExists, databaseUrl, dropDatabase } from '@db/pg-admin';
import { bootstrap } from '@server/bootstrap';
import { loadConfig } from '@server/config/env';
import { rowsOf } from './bulk';
import { DATASET_MARKER, DATASET_VERSION } from './generate';
import type { DataSizeName, DataSizes } from './sizes';

export const LOCAL_SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_ADMIN = { email: 'admin@bench.waymark.test', password: 'bench-password' };

export type BenchTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** BENCH_DB_SUFFIX keeps one worktree's data set apart from another's on a shared server. */
export function benchDatabaseUrl(size: DataSizeName): string {
  return databaseUrl(LOCAL_SERVER_URL, `waymark_bench_${size}${process.env.BENCH_DB_SUFFIX ?? ''}`);
}

const databaseNameOf = (url: string) => new URL(url).pathname.slice(1);

export async function recreatePostgresDatabase(url: string): Promise<void> {
  await dropDatabase(LOCAL_SERVER_URL, databaseNameOf(url));
  await createDatabase(LOCAL_SERVER_URL, databaseNameOf(url));
}

export async function postgresDatabaseExists(url: string): Promise<boolean> {
  return databaseExists(LOCAL_SERVER_URL, databaseNameOf(url));
}

/** The server keeps PGlite's files in DATA_DIR/pglite (server/src/server.ts); so do we. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Opens the target, migrated and bootstrapped exactly as the server's start does it. */
export async function openBootstrapped(target: BenchTarget): Promise<DatabaseHandle> {
  const handle =
    target.kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: target.url, poolSize: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: pgliteDir(target.dataDir) });
  const config = loadConfig({
    DATA_DIR: target.kind === 'pglite' ? target.dataDir : mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-')),
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  await bootstrap(handle, config);
  return handle;
}

export const COUNTED_TABLES = [
  'users',
  'accounts',
  'profiles',
  'user_roles',
  'tips',
  'guides',
  'guide_tips',
  'likes',
  'saved_items',
  'connections',
  'notifications',
  'events',
] as const;

export async function countRows(handle: DatabaseHandle): Promise<Record<string, number>> {
  const select = COUNTED_TABLES.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(', ');
  const [row] = await rowsOf<Record<string, number>>(handle, `SELECT ${select}`);
  return row!;
}

/** True when the database holds a complete data set of at least these sizes, made by this generator version. */
export async function holdsDataset(handle: DatabaseHandle, sizes: DataSizes): Promise<boolean> {
  const marker = await rowsOf<{ value: string }>(handle, `SELECT value FROM app_settings WHERE key = '${DATASET_MARKER}'`);
  if (marker.length === 0 || (JSON.parse(marker[0]!.value) as { version?: number }).version !== DATASET_VERSION) return false;
  const counts = await countRows(handle);
  return (
    counts.tips! >= sizes.tips &&
    counts.guides! >= sizes.guides &&
    counts.likes! >= sizes.likes * 0.95 &&
    counts.notifications! >= sizes.notifications * 0.95 &&
    counts.users! >= sizes.members
  );
}
