/**
 * The job runner on the jobs table (ADR 091), with a fake clock: claiming is exactly once across
 * runners, a lease frees a dead runner's job, failures retry with backoff up to max_attempts, and
 * the admin's Outbox lists each job's state. Both databases (PostgreSQL: the runners really
 * claim at once over the pool).
 */
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@common/schemas/notification-preferences';
import { TEXTS } from '@common/texts';
import { jobs } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { type JobHandler, createJobRunner } from './job-runner';
import { enqueueJob } from './jobs.repository';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const log = pino({ level: 'silent' });
/** A clock the test moves; far in the future, so no job of another test in this file is due first. */
function fakeClock(start: number) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}
let kindSeq = 0;
const uniqueKind = (name: string) => `${name}-${(kindSeq += 1)}-${Date.now()}`;

async function jobsOfKind(kind: string) {
  return t.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);
}

describe('the job runner', () => {
  it('runs each due job exactly once, however many runners claim at once', async () => {
    const kind = uniqueKind('count');
    const clock = fakeClock(Date.UTC(2030, 0, 1));
    for (let i = 0; i < 30; i += 1) await enqueueJob(t.db, { kind, key: `${kind}:${i}`, payload: { i }, runAt: clock.now() });
    const ran: number[] = [];
    const handler: JobHandler = async (job) => {
      ran.push(job.payload.i as number);
      await new Promise((r) => setTimeout(r, 2));
      return 'done';
    };
    const runners = [1, 2, 3].map(() =>
      createJobRunner({ db: t.db, log, clock: clock.now, handlers: { [kind]: handler }, batch: 4 }),
    );
    // Passes until nothing is left, all three runners each time, concurrently.
    for (let pass = 0; pass < 20; pass += 1) {
      const counts = await Promise.all(runners.map((r) => r.runDue()));
      if (counts.every((c) => c === 0)) break;
    }
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const rows = await jobsOfKind(kind);
    expect(rows.every((r) => r.finishedAs === 'done' && r.attempts === 1 && r.lockedBy === null)).toBe(true);
  });

  it('adds no second job with the same key', async () => {
    const kind = uniqueKind('key');
    await enqueueJob(t.db, { kind, key: `${kind}:member:day`, payload: { n: 1 } });
    await enqueueJob(t.db, { kind, key: `${kind}:member:day`, payload: { n: 2 } });
    expect((await jobsOfKind(kind)).map((r) => r.payload)).toEqual([{ n: 1 }]);
  });

  it('does not run a job before its time', async () => {
    const kind = uniqueKind('later');
    const clock = fakeClock(Date.UTC(2031, 0, 1));
    await enqueueJob(t.db, { kind, payload: {}, runAt: new Date(clock.now().getTime() + 60_000) });
    let ran = 0;
    const countRun: JobHandler = () => {
      ran += 1;
      return Promise.resolve('done');
    };
    const runner = createJobRunner({ db: t.db, log, clock: clock.now, handlers: { [kind]: countRun } });
    await runner.runDue();
    expect(ran).toBe(0);
    clock.advance(60_000);
    await runner.runDue();
    expect(ran).toBe(1);
  });

  it("frees a dead runner's job when its lease ends, not before", async () => {
    const kind = uniqueKind('lease');
    const clock = fakeClock(Date.UTC(2032, 0, 1));
    await enqueueJob(t.db, { kind, payload: {}, runAt: clock.now() });
    // The first runner's handler never returns (its process "died" holding the job).
    const stuck = createJobRunner({
      db: t.db,
      log,
      clock: clock.now,
      leaseMs: 60_000,
      handlers: { [kind]: () => new Promise(() => {}) },
    });
    void stuck.runDue();
    await new Promise((r) => setTimeout(r, 200));
    let ran = 0;
    const countRun: JobHandler = () => {
      ran += 1;
      return Promise.resolve('done');
    };
    const other = createJobRunner({ db: t.db, log, clock: clock.now, handlers: { [kind]: countRun } });
    await other.runDue();
    expect(ran).toBe(0);
    clock.advance(60_000);
    await other.runDue();
    expect(ran).toBe(1);
    const [row] = await jobsOfKind(kind);
    expect(row).toMatchObject({ finishedAs: 'done', attempts: 2 });
  });

  it('retries a failing job with backoff, then gives up after max_attempts', async () => {
    const kind = uniqueKind('smtp');
    const clock = fakeClock(Date.UTC(2033, 0, 1));
    await enqueueJob(t.db, { kind, payload: {}, runAt: clock.now(), maxAttempts: 3 });
    let calls = 0;
    const runner = createJobRunner({
      db: t.db,
      log,
      clock: clock.now,
      handlers: {
        [kind]: () => {
          calls += 1;
          return Promise.reject(new Error(`SMTP 451 greylisted (${calls})`));
        },
      },
    });
    await runner.runDue();
    let [row] = await jobsOfKind(kind);
    expect(row).toMatchObject({ attempts: 1, finishedAs: null, lastError: 'SMTP 451 greylisted (1)', lockedBy: null });
    expect(row!.runAt.getTime()).toBe(clock.now().getTime() + 30_000);

    clock.advance(29_000);
    await runner.runDue();
    expect(calls).toBe(1);
    clock.advance(1_000);
    await runner.runDue();
    [row] = await jobsOfKind(kind);
    expect(row).toMatchObject({ attempts: 2, finishedAs: null });
    expect(row!.runAt.getTime()).toBe(clock.now().getTime() + 60_000);

    clock.advance(60_000);
    await runner.runDue();
    [row] = await jobsOfKind(kind);
    expect(row).toMatchObject({ attempts: 3, finishedAs: 'failed', lastError: 'SMTP 451 greylisted (3)' });
    clock.advance(3_600_000);
    await runner.runDue();
    expect(calls).toBe(3);
  });

  it('stops: no pass starts after stop() returns', async () => {
    const kind = uniqueKind('stop');
    let ran = 0;
    const countRun: JobHandler = () => {
      ran += 1;
      return Promise.resolve('done');
    };
    const runner = createJobRunner({ db: t.db, log, pollMs: 20, handlers: { [kind]: countRun } });
    runner.start();
    await new Promise((r) => setTimeout(r, 100));
    await runner.stop();
    await enqueueJob(t.db, { kind, payload: {} });
    await new Promise((r) => setTimeout(r, 150));
    expect(ran).toBe(0);
  });
});

describe('GET /api/admin/jobs', () => {
  it('is 401 anonymous and 403 for a member', async () => {
    expect((await t.call('GET', '/api/admin/jobs')).statusCode).toBe(401);
    const member = await t.createMember();
    const res = await t.call('GET', '/api/admin/jobs', { cookie: member.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEXTS.accessDenied);
  });

  it('lists jobs newest first with their state, a page at a time', async () => {
    const kind = uniqueKind('states');
    const clock = fakeClock(Date.UTC(2034, 0, 1));
    for (const name of ['waits', 'fails-once', 'sends', 'skips'])
      await enqueueJob(t.db, { kind, key: `${kind}:${name}`, payload: { name }, runAt: clock.now() });
    await enqueueJob(t.db, { kind, key: `${kind}:gives-up`, payload: { name: 'gives-up' }, runAt: clock.now(), maxAttempts: 1 });
    const rows = await jobsOfKind(kind);
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.UTC(2035, 0, 1)) })
      .where(eq(jobs.id, rows[0]!.id));
    const runner = createJobRunner({
      db: t.db,
      log,
      clock: clock.now,
      handlers: {
        [kind]: (job) => {
          const name = job.payload.name as string;
          if (name === 'fails-once' || name === 'gives-up') return Promise.reject(new Error('connection refused'));
          return Promise.resolve(name === 'skips' ? 'skipped' : 'done');
        },
      },
    });
    await runner.runDue();
    const seen: Job[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.call('GET', `/api/admin/jobs?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { cookie: admin });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: Job[]; nextCursor: string | null }>();
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const mine = seen.filter((j) => j.kind === kind);
    expect(mine.map((j) => [j.key?.split(':').at(-1), j.state, j.attempts])).toEqual([
      ['gives-up', 'failed', 1],
      ['skips', 'skipped', 1],
      ['sends', 'sent', 1],
      ['fails-once', 'retrying', 1],
      ['waits', 'waiting', 0],
    ]);
    expect(mine[0]!.lastError).toBe('connection refused');
    expect(new Set(seen.map((j) => j.id)).size).toBe(seen.length);
    expect((await t.call('GET', '/api/admin/jobs?cursor=%%%', { cookie: admin })).statusCode).toBe(400);
    await t.db.delete(jobs).where(
      inArray(
        jobs.id,
        rows.map((r) => r.id),
      ),
    );
  });
});
