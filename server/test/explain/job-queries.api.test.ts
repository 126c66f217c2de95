/**
 * Issue 25 (ADR 091): the job runner's claim reads the due jobs through jobs_due_idx however many
 * finished jobs pile up, and the daily digest planner (ADR 090) reads each member's notifications
 * and sessions through their user indexes, never the whole notifications table; pruning (ADR 092)
 * reads only the old jobs.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notifications, sessions } from '@db/schema';
import { createJobPruner } from '@server/modules/jobs/job-pruner';
import { createJobRunner } from '@server/modules/jobs/job-runner';
import { createDigestPlanner } from '@server/modules/notification-choices/notification-emails';
import { type TestApp, createTestApp } from '../test-app';
import { planLines } from './full-scans';
import { recordQueries } from './query-recorder';

const DAY = 24 * 60 * 60_000;

describe.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')('the job runner queries on PostgreSQL', () => {
  let t: TestApp;
  let recorder: ReturnType<typeof recordQueries>;

  beforeAll(async () => {
    t = await createTestApp();
    const members = await Promise.all(Array.from({ length: 12 }, () => t.createMember()));
    const todayStart = Math.floor(Date.now() / DAY) * DAY;
    // 5,000 finished jobs and a few due ones; 12 members with 500 notifications each over ten days.
    const finished = Array.from({ length: 5000 }, (_, i) => ({
      kind: 'notification-email',
      key: `old:${i}`,
      payload: {},
      finishedAs: 'done',
      finishedAt: new Date(todayStart - i * 1000),
      runAt: new Date(todayStart - i * 1000),
    }));
    for (let i = 0; i < finished.length; i += 1000) await t.db.insert(jobs).values(finished.slice(i, i + 1000));
    for (const m of members) {
      await t.db.insert(notifications).values(
        Array.from({ length: 500 }, (_, i) => ({
          userId: m.id,
          type: 'like' as const,
          content: `Liked ${i}`,
          createdAt: new Date(todayStart - (i % 10) * DAY - 3_600_000),
        })),
      );
      await t.db.execute(
        sql`UPDATE ${sessions} SET last_seen_at = ${new Date(todayStart - 3 * DAY).toISOString()}::timestamptz WHERE user_id = ${m.id}`,
      );
    }
    await t.db.execute(sql`ANALYZE jobs`);
    await t.db.execute(sql`ANALYZE notifications`);
    await t.db.execute(sql`ANALYZE sessions`);
    await t.db.execute(sql`ANALYZE users`);
    recorder = recordQueries(t.database);
  });
  afterAll(() => t?.close());

  it('claims through jobs_due_idx, plans digests by the members, prunes by jobs_created_idx', async () => {
    const runner = createJobRunner({
      db: t.db,
      log: pino({ level: 'silent' }),
      handlers: {},
      beforePass: createDigestPlanner(t.db, 0),
      afterPass: createJobPruner(t.db, { retentionDays: 14, failedRetentionDays: 90 }),
    });
    await recorder.during('job runner pass', () => runner.runDue());
    const claim = recorder.queries.find((q) => /UPDATE jobs SET locked_by/.test(q.text));
    const plan = recorder.queries.find((q) => /INSERT INTO jobs/.test(q.text) && /daily-digest/.test(q.text));
    expect(claim).toBeDefined();
    expect(plan).toBeDefined();
    const claimPlan = (await planLines(recorder.pool, claim!, 'custom')).join('\n');
    expect(claimPlan, claimPlan).toMatch(/jobs_due_idx/);
    expect(claimPlan, claimPlan).not.toMatch(/Seq Scan on jobs/);
    const digestPlan = (await planLines(recorder.pool, plan!, 'custom')).join('\n');
    expect(digestPlan, digestPlan).not.toMatch(/Seq Scan on notifications/);
    expect(digestPlan, digestPlan).toMatch(/notifications_user_(created|unread)_idx/);
    // Pruning (ADR 092) reads the old jobs by jobs_created_idx, not the whole table.
    const prune = recorder.queries.find((q) => /DELETE FROM jobs/.test(q.text));
    expect(prune).toBeDefined();
    const prunePlan = (await planLines(recorder.pool, prune!, 'custom')).join('\n');
    expect(prunePlan, prunePlan).toMatch(/jobs_created_idx/);
    expect(prunePlan, prunePlan).not.toMatch(/Seq Scan on jobs/);
  });
});
