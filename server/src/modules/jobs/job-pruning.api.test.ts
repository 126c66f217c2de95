/**
 * Pruning finished jobs (ADR 092): done and skipped jobs go after JOBS_RETENTION_DAYS, failed
 * ones after JOBS_FAILED_RETENTION_DAYS (and stay in the admin's Outbox until then), unfinished
 * ones never; a batch at a time, at most once an hour unless a batch was full; several pruners at
 * once delete each job once and wait for none (on PostgreSQL over the pool). Both databases.
 */
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '@common/schemas/notification-preferences';
import { jobs } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { createJobPruner } from './job-pruner';
import { createJobRunner } from './job-runner';
import { enqueueJob } from './jobs.repository';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());
// Each test counts what it deletes: none may find another's jobs.
beforeEach(async () => {
  await t.db.delete(jobs);
});

let seq = 0;
/** A job made and finished `daysAgo` before `now` (unfinished when `as` is null). */
async function oldJob(now: Date, daysAgo: number, as: 'done' | 'skipped' | 'failed' | null, prefix: string) {
  seq += 1;
  const at = new Date(now.getTime() - daysAgo * DAY);
  const [row] = await t.db
    .insert(jobs)
    .values({
      kind: 'notification-email',
      key: `${prefix}:${seq}`,
      payload: {},
      runAt: at,
      createdAt: at,
      finishedAs: as,
      finishedAt: as ? at : null,
      lastError: as === 'failed' ? 'SMTP said no' : null,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

const remaining = async (ids: number[]) =>
  (await t.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids))).map((r) => r.id).sort((a, b) => a - b);

describe('pruning finished jobs', () => {
  it("the app's runner prunes after its pass with the configured retention (14 days, failed 90)", async () => {
    const now = new Date();
    const oldDone = await oldJob(now, 15, 'done', 'app');
    const recentDone = await oldJob(now, 13, 'done', 'app');
    const oldFailed = await oldJob(now, 15, 'failed', 'app');
    await t.app.jobRunner.runDue();
    expect(await remaining([oldDone, recentDone, oldFailed])).toEqual([recentDone, oldFailed]);
    const listed = (await t.call('GET', '/api/admin/jobs?limit=50', { cookie: admin })).json<{ items: Job[] }>().items;
    expect(listed.find((j) => j.id === String(oldFailed))).toMatchObject({ state: 'failed', lastError: 'SMTP said no' });
    expect(listed.some((j) => j.id === String(oldDone))).toBe(false);
  });

  it('deletes done and skipped jobs past their retention, failed ones only past theirs, unfinished never', async () => {
    const now = new Date(Date.UTC(2032, 5, 1, 12));
    const prune = createJobPruner(t.db, { retentionDays: 7, failedRetentionDays: 30 });
    const gone = [
      await oldJob(now, 8, 'done', 'rule'),
      await oldJob(now, 8, 'skipped', 'rule'),
      await oldJob(now, 31, 'failed', 'rule'),
    ];
    const kept = [
      await oldJob(now, 6, 'done', 'rule'),
      await oldJob(now, 6, 'skipped', 'rule'),
      await oldJob(now, 29, 'failed', 'rule'),
      // Waiting or retrying for months (e.g. a runner was never started): still to do, so kept.
      await oldJob(now, 200, null, 'rule'),
    ];
    expect(await prune(now)).toBe(3);
    expect(await remaining([...gone, ...kept])).toEqual(kept.sort((a, b) => a - b));
  });

  it('goes on at once after a full batch, then waits an hour', async () => {
    const start = new Date(Date.UTC(2033, 0, 1));
    const prune = createJobPruner(t.db, { retentionDays: 2, failedRetentionDays: 2 }, { batch: 3 });
    const ids = [];
    for (let i = 0; i < 7; i += 1) ids.push(await oldJob(start, 3, 'done', 'batch'));
    expect([await prune(start), await prune(start), await prune(start), await prune(start)]).toEqual([3, 3, 1, 0]);
    expect(await remaining(ids)).toEqual([]);
    const later = await oldJob(start, 3, 'done', 'batch');
    expect(await prune(new Date(start.getTime() + HOUR - 1))).toBe(0);
    expect(await remaining([later])).toEqual([later]);
    expect(await prune(new Date(start.getTime() + HOUR))).toBe(1);
  });

  it('prunes a job the runner ran once its retention has passed', async () => {
    let now = Date.UTC(2034, 0, 1);
    const clock = () => new Date(now);
    const kind = `prune-run-${Date.now()}`;
    await enqueueJob(t.db, { kind, key: `${kind}:1`, payload: {}, runAt: clock() });
    // The job's created_at is the database's now(), before the fake clock's 2034.
    const runner = createJobRunner({
      db: t.db,
      log: pino({ level: 'silent' }),
      clock,
      handlers: { [kind]: () => Promise.resolve('done') },
      afterPass: createJobPruner(t.db, { retentionDays: 2, failedRetentionDays: 2 }),
    });
    expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
    const [ran] = await t.db
      .select()
      .from(jobs)
      .where(inArray(jobs.kind, [kind]));
    expect(ran?.finishedAs).toBe('done');
    now += 2 * DAY + HOUR;
    await runner.runDue();
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(inArray(jobs.kind, [kind])),
    ).toEqual([]);
  });

  it('several pruners at once delete every old job once, none twice, and fail nowhere', async () => {
    const now = new Date(Date.UTC(2035, 0, 1));
    const ids: number[] = [];
    const values = Array.from({ length: 400 }, (_, i) => ({
      kind: 'notification-email',
      key: `many:${i}`,
      payload: {},
      createdAt: new Date(now.getTime() - 10 * DAY),
      runAt: new Date(now.getTime() - 10 * DAY),
      finishedAs: 'done',
      finishedAt: new Date(now.getTime() - 10 * DAY),
    }));
    ids.push(...(await t.db.insert(jobs).values(values).returning({ id: jobs.id })).map((r) => r.id));
    const pruners = Array.from({ length: 4 }, () =>
      createJobPruner(t.db, { retentionDays: 7, failedRetentionDays: 7 }, { batch: 50 }),
    );
    let total = 0;
    for (let round = 0; round < 20; round += 1) {
      const counts = await Promise.all(pruners.map((p) => p(now)));
      total += counts.reduce((a, b) => a + b, 0);
      if (counts.every((c) => c === 0)) break;
    }
    expect(total).toBe(400);
    expect(await remaining(ids)).toEqual([]);
  });
});
