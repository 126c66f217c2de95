import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname, 'web/src'),
  '@common': path.resolve(import.meta.dirname, 'common'),
};

/**
 * Unit tests run once; API tests (`*.api.test.ts`, through app.inject) run on PGlite and,
 * when TEST_DATABASE_URL is set, again on PostgreSQL, each file in a database of its own.
 */
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    include: ['server/**/*.api.test.ts'],
    env: { WAYMARK_TEST_DB: db },
    globalSetup: db === 'pglite' ? ['server/test/pglite-template.setup.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'db/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      apiProject('api:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api:postgres', 'postgres')] : []),
    ],
  },
});
