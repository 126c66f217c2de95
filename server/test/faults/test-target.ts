/**
 * The database a fault test's server processes share: a new PostgreSQL database (WAYMARK_TEST_DB
 * = postgres) or a PGlite data directory in a temp dir, plus a way to run SQL against it.
 * PGlite is single-process: its directory may only be opened here while no server has it open.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createDatabase, databaseUrl as urlOf, dropDatabase, withPgClient } from '@db/pg-admin';
import type { Query } from './invariants';

export const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';

export interface TestTarget {
  dataDir: string;
  /** PostgreSQL url (undefined on PGlite). */
  databaseUrl?: string;
  /** Runs `work` with a query function (on PGlite: opens the directory, so stop servers first). */
  withQuery<T>(work: (query: Query) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export async function createTestTarget(label: string): Promise<TestTarget> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `waymark-${label}-`));
  if (!onPostgres) {
    return {
      dataDir,
      async withQuery(work) {
        // server.ts keeps its PGlite in DATA_DIR/pglite.
        const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { pg_trgm } });
        try {
          return await work(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
        } finally {
          await client.close();
        }
      },
      dispose() {
        rmSync(dataDir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `waymark_test_${label.replace(/\W/g, '_')}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name);
  const databaseUrl = urlOf(adminUrl, name);
  return {
    dataDir,
    databaseUrl,
    withQuery: (work) => withPgClient(databaseUrl, (c) => work(async (sql) => (await c.query(sql)).rows)),
    async dispose() {
      await dropDatabase(adminUrl, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
