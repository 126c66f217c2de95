/**
 * A migrated, seeded PGlite data directory made once per run: a fresh PGlite takes 6-7 s to
 * start, one loaded from this tarball about 1 s (STACK-NOTES).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@db/client';
import { runMigrations } from '@db/migrate';
import { seedTipTypes } from '@db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'waymark-pglite-'));
  const handle = await openDatabase({ kind: 'pglite' });
  await runMigrations(handle);
  await seedTipTypes(handle.db);
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
