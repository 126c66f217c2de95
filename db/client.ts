/**
 * Opens the database: PGlite in a data directory (the embedded default) or a PostgreSQL pool
 * (DATABASE_URL). Both drivers give the same Drizzle API, so one repository layer serves both.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service can run them inside its transaction. */
export type Executor = Database | Transaction;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** A channel listener; returns the function that stops listening. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  listen: Listen;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (used to prepare test databases fast). */
  dumpDataDir?(): Promise<Blob>;
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') return openPglite(target);
  return openPostgres(target.url, target.poolSize ?? 10);
}

async function openPglite(target: Extract<DatabaseTarget, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  if (target.dataDir) mkdirSync(path.dirname(path.resolve(target.dataDir)), { recursive: true });
  const client = await PGlite.create({
    dataDir: target.dataDir,
    loadDataDir: target.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return () => unsubscribe();
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none') as Promise<Blob>,
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client the server drops (restart, failover, DROP DATABASE ... FORCE) emits 'error';
  // unhandled, that would crash the process. The pool discards it and connects anew on the next
  // checkout; errors of queries in flight still reject those queries.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    // LISTEN needs a connection of its own that lives as long as the subscription.
    listen: async (channel, onPayload) => {
      const client = await pool.connect();
      client.on('error', () => undefined); // see the pool's handler above
      const onNotification = (msg: pg.Notification) => {
        if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
      };
      client.on('notification', onNotification);
      await client.query(`LISTEN "${channel.replaceAll('"', '')}"`);
      return async () => {
        client.off('notification', onNotification);
        await client.query(`UNLISTEN "${channel.replaceAll('"', '')}"`).catch(() => undefined);
        client.release();
      };
    },
    close: () => pool.end(),
  };
}
