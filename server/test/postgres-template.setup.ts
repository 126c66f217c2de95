/**
 * A migrated, seeded PostgreSQL database made once per run, copied for each test file
 * (`CREATE DATABASE ... TEMPLATE`): running the migrations took 3-6 s a file on a 2-core machine,
 * the copy about 1 s. The PGlite counterpart is pglite-template.setup.ts.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@db/client';
import { runMigrations } from '@db/migrate';
import { createDatabase, databaseUrl, dropDatabase } from '@db/pg-admin';
import { seedTipTypes } from '@db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `waymark_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name);
  // A template may have no open connection while it is copied: this one closes first.
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 1 });
  try {
    await runMigrations(handle);
    await seedTipTypes(handle.db);
  } finally {
    await handle.close();
  }
  project.provide('postgresTemplate', name);
  return () => dropDatabase(adminUrl, name);
}
