/** A database of the test file's own: PGlite from the template, or a new PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.WAYMARK_TEST_DB !== 'postgres') {
    const tarball = readFileSync(inject('pgliteTemplate'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([tarball]) });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `waymark_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 12 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
