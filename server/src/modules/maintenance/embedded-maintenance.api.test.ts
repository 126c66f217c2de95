/**
 * ADR 021: on PGlite the server vacuums and analyzes every table itself, on a timer, and a stop
 * waits for a pass under way (the database closes right after).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@db/client';
import { users } from '@db/schema';
import { insertTip } from '@server-test/content-fixtures';
import { openTestDatabase } from '@server-test/test-database';
import { readWordStats } from '../content/word-stats.repository';
import { startEmbeddedMaintenance } from './embedded-maintenance';

const log = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe.skipIf(process.env.WAYMARK_TEST_DB === 'postgres')('embedded database maintenance (PGlite)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  async function lastRuns(): Promise<{ relname: string; vacuumed: boolean; analyzed: boolean }[]> {
    const result = await database.db.execute(
      sql`SELECT relname, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analyzed FROM pg_stat_user_tables WHERE schemaname = current_schema() ORDER BY relname`,
    );
    return (result as { rows: { relname: string; vacuumed: boolean; analyzed: boolean }[] }).rows;
  }

  it('vacuums and analyzes every table on its timer, which gives search its word figures', async () => {
    const [user] = await database.db.insert(users).values({ name: 'M', email: 'm@example.com' }).returning({ id: users.id });
    for (let i = 0; i < 5; i++) await insertTip(database.db, user!.id, { title: `Lighthouse walk ${i}` });
    expect((await lastRuns()).find((r) => r.relname === 'tips')).toMatchObject({ vacuumed: false, analyzed: false });
    expect((await readWordStats(database.db)).tips).toBeNull();

    const maintenance = startEmbeddedMaintenance({ database, log, firstPassAfterMs: 10, everyMs: 60_000 });
    await expect
      .poll(async () => (await lastRuns()).find((r) => r.relname === 'tips'), { timeout: 10_000 })
      .toMatchObject({ analyzed: true });
    await maintenance.stop();

    const runs = await lastRuns();
    expect(runs.length).toBeGreaterThan(20);
    expect(runs.filter((r) => !r.vacuumed || !r.analyzed).map((r) => r.relname)).toEqual([]);
    expect((await readWordStats(database.db)).tips?.frequencies.get('lighthouse')).toBe(1);
  });

  it('stops only once a pass under way has finished', async () => {
    const maintenance = startEmbeddedMaintenance({ database, log, firstPassAfterMs: 60_000, everyMs: 60_000 });
    const pass = maintenance.runPass();
    await maintenance.stop();
    let isSettled = false;
    void pass.then(() => {
      isSettled = true;
    });
    await Promise.resolve();
    expect(isSettled).toBe(true);
  });
});
