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
import { nameStatementsOf } from './named-statements';
import { SQLSTATE, errorCodesOf } from './pg-errors';
import { nameStatementsOfPglite } from './pglite-named-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service can run them inside its transaction. */
export type Executor = Database | Transaction;

export type DatabaseTarget =
  { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string; poolSize?: number };

/**
 * A channel listener; returns the function that stops listening. `onLost` is called once when
 * the listening connection dies (PostgreSQL restarted or unreachable): the subscription is gone
 * and the caller must listen again. PGlite's never dies: it is in the process.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onLost?: (error?: Error) => void,
) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget['kind'];
  listen: Listen;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (used to prepare test databases fast). */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the pool's clients now, for /metrics (PGlite has one connection, no pool). */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Clients open, idle and in use (LISTEN connections included). */
  total: number;
  idle: number;
  /** Queries waiting for a client: above 0 the pool is too small or the database too slow. */
  waiting: number;
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
  nameStatementsOfPglite(client);
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // onLost is never called: PGlite runs inside this process and cannot go away on its own.
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return () => unsubscribe();
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** How long a request waits for a new connection before it fails (and answers 503). */
const CONNECT_TIMEOUT_MS = 5_000;
/** SQLSTATEs PostgreSQL answers when it aborted a transaction so another could go on. */
const RETRYABLE_SQLSTATES = new Set<string>([SQLSTATE.deadlockDetected, SQLSTATE.serializationFailure]);
const TRANSACTION_ATTEMPTS = 3;
/** The channels a process listens on, each on its own connection (realtime events, auth changes). */
const LISTEN_CONNECTIONS = 2;

/**
 * Runs a transaction again when PostgreSQL aborted it as a deadlock victim or a serialization
 * failure, as its manual advises: the work of the aborted attempt is gone, so a retry is safe
 * (our transaction callbacks only touch the database; mail and files come after commit). Found
 * by the SIGKILL burst test: an account deletion (user row, then its tips) and a like of one of
 * its tips (tip, then the owner's row through the notification's foreign key) lock in opposite
 * orders. Nested transactions (savepoints) run on `tx`, not here, so only the outermost retries.
 */
function retryAbortedTransactions(db: Database): Database {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work: Parameters<Database['transaction']>[0], config?: Parameters<Database['transaction']>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(work, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !errorCodesOf(error).some((c) => RETRYABLE_SQLSTATES.has(c))) throw error;
        await new Promise((r) => setTimeout(r, attempt * 20 + Math.random() * 30));
      }
    }
  }) as Database['transaction'];
  return db;
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  // Each LISTEN holds a connection of its own (events, session cache): poolSize stays for queries.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize + LISTEN_CONNECTIONS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on('connect', nameStatementsOf);
  // An idle client the server drops (restart, failover, DROP DATABASE ... FORCE) emits 'error';
  // unhandled, that would crash the process. The pool discards it and connects anew on the next
  // checkout; errors of queries in flight still reject those queries.
  pool.on('error', () => undefined);
  const db = retryAbortedTransactions(drizzlePg({ client: pool, ...drizzleOptions }));
  return {
    db,
    kind: 'postgres',
    // LISTEN needs a connection of its own that lives as long as the subscription.
    listen: async (channel, onPayload, onLost) => {
      const quoted = `"${channel.replaceAll('"', '')}"`;
      const client = await pool.connect();
      let isStopped = false;
      let isListening = false;
      // A dropped connection emits 'error' and/or 'end': the LISTEN is gone with it. The client is
      // released as broken (the pool destroys it) and the caller is told once, to listen anew.
      const lost = (error?: Error) => {
        if (isStopped) return;
        isStopped = true;
        client.release(error ?? true);
        if (isListening) onLost?.(error);
      };
      client.on('error', lost);
      client.on('end', () => lost());
      const onNotification = (msg: pg.Notification) => {
        if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
      };
      client.on('notification', onNotification);
      try {
        await client.query(`LISTEN ${quoted}`);
      } catch (error) {
        if (!isStopped) {
          isStopped = true;
          client.release(true);
        }
        throw error;
      }
      isListening = true;
      return async () => {
        if (isStopped) return;
        isStopped = true;
        client.off('notification', onNotification);
        await client.query(`UNLISTEN ${quoted}`).catch(() => undefined);
        client.release();
      };
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
