import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const alias = {
  '@': path.resolve(import.meta.dirname, 'web/src'),
  '@common': path.resolve(import.meta.dirname, 'common'),
  '@db': path.resolve(import.meta.dirname, 'db'),
  '@server': path.resolve(import.meta.dirname, 'server/src'),
  '@server-test': path.resolve(import.meta.dirname, 'server/test'),
};

/**
 * In CI a failed test runs once more, as Playwright's do (ADR 120): one intermittent failure
 * must not cost a whole landing. scripts/test.ts names every test that needed it, so a flaky
 * test is seen and fixed, not hidden.
 */
const retry = process.env.CI ? 1 : 0;

/** A migrated, seeded database made once per run, which each test file copies. */
const templateSetup = (db: 'pglite' | 'postgres') => `server/test/${db}-template.setup.ts`;

/**
 * Unit tests run once; API tests (`*.api.test.ts`, through app.inject) run on PGlite and,
 * when TEST_DATABASE_URL is set, again on PostgreSQL, each file in a database of its own.
 */
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    retry,
    include: ['server/**/*.api.test.ts'],
    env: { WAYMARK_TEST_DB: db },
    globalSetup: [templateSetup(db)],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker keeps the app's modules from one file to the next: importing them again for each
    // file cost more than its tests (ADR 095). Each file still builds its own app and database.
    isolate: false,
  },
});

/**
 * Property-based fuzzing of every /api route (issue 6): once per run, on PostgreSQL when
 * TEST_DATABASE_URL is set, else on PGlite. FUZZ_RUNS sets the cases per route (default 1000).
 */
const fuzzProject = (db: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: 'fuzz',
    retry,
    include: ['server/test/fuzz/**/*.fuzz.test.ts'],
    env: { WAYMARK_TEST_DB: db },
    globalSetup: [templateSetup(db), 'server/test/fuzz/figures.setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    // No maxWorkers or groupOrder of its own: with the root's two workers the fuzz files share
    // one queue with the other projects, and the many short unit files fill the time the last
    // long fuzz file would leave one worker idle (ADR 095).
  },
});

/**
 * The fleet test (issue 37, ADR 117): HAProxy in front of two real server processes on
 * PostgreSQL, Redis and an S3-compatible bucket. Once per run; without TEST_DATABASE_URL (or
 * haproxy) it is skipped, its name saying why.
 */
const fleetProject = {
  resolve: { alias },
  test: {
    name: 'fleet',
    retry,
    include: ['server/test/fleet/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
};

/**
 * The fuzz files first, then Vitest's own order. They are the longest files (auth's alone took
 * 338 s of a 927 s run here); sorted last by project name, the last of them ran alone for 143 s
 * after everything else had finished (ADR 095).
 */
class FuzzFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isFuzz = (file: TestSpecification) => file.project.name === 'fuzz';
    return [...sorted.filter(isFuzz), ...sorted.filter((file) => !isFuzz(file))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: FuzzFirstSequencer },
    // Vitest's default is cores - 1: one file at a time on a 2-core CI machine, 11.5 minutes
    // for the whole run. Each file has its own database, so two run side by side.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          retry,
          include: [
            'common/**/*.test.ts',
            'web/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'db/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          // The fuzz files match *.test.ts but need a database: they run in the fuzz project.
          exclude: ['**/*.api.test.ts', 'server/test/fuzz/**', 'server/test/fleet/**', '**/node_modules/**'],
        },
      },
      apiProject('api:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api:postgres', 'postgres')] : []),
      fuzzProject(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'),
      fleetProject,
    ],
  },
});
