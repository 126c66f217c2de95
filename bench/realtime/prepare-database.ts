/**
 * A fresh database for the realtime benchmark, prepared in this process before the server starts:
 * migrated and seeded by the server's own bootstrap, then N members (users, profiles, roles and
 * better-auth credential accounts sharing ONE argon2id hash computed once) and one tip each, in
 * set-based SQL. Sessions are not forged: their tokens are stored hashed, so members sign in over
 * HTTP later. PostgreSQL: CREATE DATABASE waymark_bench_rt_<random>, dropped by `drop()`.
 * PGlite: a temporary DATA_DIR, removed by `drop()`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '@db/client';
import { createDatabase, databaseUrl, dropDatabase } from '@db/pg-admin';
import { hashPassword } from '@server/modules/auth/password-hasher';
import { bootstrap } from '@server/bootstrap';
import { loadConfig } from '@server/config/env';
import { EVENTS_CHANNEL } from '@server/modules/realtime/event-hub';
import { wallClockMs } from './sse-client';

export const MEMBER_PASSWORD = 'bench-member-password-1';
const MEMBER_DOMAIN = 'rt-bench.example.com';

export interface Member {
  id: string;
  email: string;
  tipId: string;
}

export interface PreparedDatabase {
  /** Environment for the server: DATABASE_URL or DATA_DIR. */
  env: Record<string, string>;
  members: Member[];
  /** events.id -> wall-clock ms at its transaction's commit (see COMMIT_STAMPS); PGlite: only once the server stopped. */
  readCommitStamps(): Promise<Map<number, number>>;
  /**
   * PostgreSQL only: a LISTEN of the bench's own on the events channel, calling `onEvent` with the
   * events.id and the wall-clock ms each NOTIFY arrived here. It sees the commit the way the
   * server's LISTEN does, so delivery minus this is the server's own share (hub, write, socket).
   */
  listenToCommits?(onEvent: (eventId: number, at: number) => void): Promise<() => Promise<void>>;
  drop(): Promise<void>;
}

/**
 * Instrumentation of the benchmark's own throwaway database, not of the app: a DEFERRED constraint
 * trigger on `events` fires during COMMIT (after every statement of the transaction, just before
 * the commit record and the NOTIFY) and records clock_timestamp() per events row. That is the
 * commit moment to within the WAL flush, which track_commit_timestamp would give but needs a
 * server restart. Cost: one small insert per event, inside the writing transaction.
 */
const COMMIT_STAMPS = [
  `CREATE TABLE bench_commit_stamps (event_id bigint PRIMARY KEY, at timestamptz NOT NULL)`,
  `CREATE FUNCTION bench_stamp_commit() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN INSERT INTO bench_commit_stamps VALUES (NEW.id, clock_timestamp()); RETURN NULL; END $$`,
  `CREATE CONSTRAINT TRIGGER bench_stamp_commit AFTER INSERT ON events DEFERRABLE INITIALLY DEFERRED
   FOR EACH ROW EXECUTE FUNCTION bench_stamp_commit()`,
];
const READ_STAMPS = `SELECT event_id::float8 AS id, (extract(epoch FROM at) * 1000)::float8 AS ms FROM bench_commit_stamps`;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

function toStampMap(rows: Array<{ id: number; ms: number }>): Map<number, number> {
  return new Map(rows.map((r) => [Number(r.id), Number(r.ms)]));
}

export async function prepareDatabase(opts: {
  kind: 'postgres' | 'pglite';
  adminUrl: string;
  memberCount: number;
  serverEnv: Record<string, string>;
}): Promise<PreparedDatabase> {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let target: Parameters<typeof openDatabase>[0];
  if (opts.kind === 'postgres') {
    const name = `waymark_bench_rt_${randomBytes(5).toString('hex')}`;
    await createDatabase(opts.adminUrl, name);
    const url = databaseUrl(opts.adminUrl, name);
    env = { DATABASE_URL: url };
    target = { kind: 'postgres', url, poolSize: 4 };
    drop = () => dropDatabase(opts.adminUrl, name);
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-rt-'));
    env = { DATA_DIR: dataDir };
    // The same directory server.ts opens for DATA_DIR.
    target = { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
    drop = () => {
      rmSync(dataDir, { recursive: true, force: true });
      return Promise.resolve();
    };
  }

  try {
    const handle = await openDatabase(target);
    try {
      const { DATABASE_URL: _omit, ...base } = opts.serverEnv;
      await bootstrap(handle, loadConfig({ ...base, ...env }));
      const members = await insertMembers(handle.db, opts.memberCount);
      for (const statement of COMMIT_STAMPS) await handle.db.execute(sql.raw(statement));
      const readCommitStamps = async () => {
        const reader = await openDatabase(target);
        try {
          return toStampMap(rowsOf(await reader.db.execute(sql.raw(READ_STAMPS))));
        } finally {
          await reader.close();
        }
      };
      const databaseUrl = env.DATABASE_URL;
      const listenToCommits = databaseUrl
        ? (onEvent: (eventId: number, at: number) => void) => listenOn(databaseUrl, onEvent)
        : undefined;
      return { env, members, readCommitStamps, listenToCommits, drop };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
}

async function listenOn(url: string, onEvent: (eventId: number, at: number) => void): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('notification', (message) => {
    const at = wallClockMs();
    const id = Number((JSON.parse(message.payload ?? '{}') as { id?: unknown }).id);
    if (Number.isFinite(id)) onEvent(id, at);
  });
  await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  return () => client.end();
}

async function insertMembers(db: Awaited<ReturnType<typeof openDatabase>>['db'], count: number): Promise<Member[]> {
  const passwordHash = await hashPassword(MEMBER_PASSWORD);
  const members = sql.raw(`(SELECT id, name, email FROM users WHERE email LIKE '%@${MEMBER_DOMAIN}')`);
  await db.execute(sql`INSERT INTO users (name, email, email_verified)
    SELECT 'Realtime Member ' || i, 'rt' || i || ${'@' + MEMBER_DOMAIN}, true FROM generate_series(1, ${count}::int) i`);
  await db.execute(sql`INSERT INTO profiles (user_id, name, username) SELECT id, name, email FROM ${members} m`);
  await db.execute(sql`INSERT INTO user_roles (user_id, role) SELECT id, 'user' FROM ${members} m`);
  await db.execute(sql`INSERT INTO accounts (account_id, provider_id, user_id, password)
    SELECT id::text, 'credential', id, ${passwordHash} FROM ${members} m`);
  await db.execute(sql`INSERT INTO tips (user_id, title, country, city, description, search_text)
    SELECT id, 'Realtime tip of ' || name, 'Portugal', 'Porto', 'A tip to be liked', lower('realtime tip of ' || name) FROM ${members} m`);
  const result = await db.execute(sql`SELECT u.id, u.email, t.id AS tip_id FROM users u JOIN tips t ON t.user_id = u.id
    WHERE u.email LIKE ${'%@' + MEMBER_DOMAIN} ORDER BY u.email`);
  const rows = rowsOf<{ id: string; email: string; tip_id: string }>(result);
  return rows.map((r) => ({ id: r.id, email: r.email, tipId: r.tip_id }));
}
