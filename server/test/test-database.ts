/**
 * A database of the test file's own, migrated and seeded: PGlite loaded from the template data
 * dir, or a PostgreSQL copy of the template database (pglite-/postgres-template.setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@db/client';
import { createDatabase, databaseUrl, dropDatabase } from '@db/pg-admin';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.WAYMARK_TEST_DB !== 'postgres') {
    const tarball = readFileSync(inject('pgliteTemplate'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([tarball]) });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `waymark_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name, inject('postgresTemplate'));
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 12 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
