/**
 * All SQL of the job queue (ADR 091). Every time comes from the caller's clock (`now`), so tests
 * can move it; a claimed job is leased to one runner until `locked_until`.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { jobs } from '@db/schema';
import { pageLimit } from '@server/lib/keyset';

export interface ClaimedJob {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export interface NewJob {
  kind: string;
  key?: string | null;
  payload: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds a job; one with the same key already there wins (no second digest per member and day). */
export async function enqueueJob(db: Executor, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key ?? null,
      payload: job.payload,
      runAt: job.runAt ?? sql`now()`,
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.key });
}

/**
 * Takes up to `limit` due jobs nobody holds: FOR UPDATE SKIP LOCKED lets several instances claim
 * at once without waiting on or taking each other's rows; the lease marks them as this runner's
 * until `leaseMs` from now (a runner that dies frees them when it ends). Counts the attempt.
 */
export async function claimDueJobs(db: Executor, runner: string, now: Date, leaseMs: number, limit: number) {
  const until = new Date(now.getTime() + leaseMs);
  const rows = await executeRows<{
    id: string;
    kind: string;
    key: string | null;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
  }>(
    db,
    sql`
    UPDATE jobs SET locked_by = ${runner}, locked_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE finished_at IS NULL AND run_at <= ${now.toISOString()}::timestamptz
        AND (locked_until IS NULL OR locked_until <= ${now.toISOString()}::timestamptz)
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, key, payload, attempts, max_attempts`,
  );
  return rows.map((r): ClaimedJob => ({
    id: Number(r.id),
    kind: r.kind,
    key: r.key,
    payload: r.payload,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
  }));
}

/** Ends a job this runner still holds: done (sent), skipped (nothing to send) or failed. */
export async function finishJob(
  db: Executor,
  id: number,
  runner: string,
  now: Date,
  as: 'done' | 'skipped' | 'failed',
  error: string | null = null,
): Promise<void> {
  await db
    .update(jobs)
    .set({ finishedAs: as, finishedAt: now, lockedBy: null, lockedUntil: null, ...(error ? { lastError: error } : {}) })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, runner)));
}

/** Frees a failed job this runner holds to run again at `runAt`, with the error it met. */
export async function retryJobAt(db: Executor, id: number, runner: string, runAt: Date, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt, lastError: error, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, runner)));
}

/**
 * The admin's list, newest first: keyset on the id (a bigserial, so newer = larger), never OFFSET.
 * The id is read through a sub-select and the page size written in, so PostgreSQL keeps one
 * plan per connection (lib/keyset.ts, beforeCursor and pageLimit).
 */
export function listJobs(db: Executor, beforeId: number | null, limit: number) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      key: jobs.key,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
      runAt: jobs.runAt,
      finishedAs: jobs.finishedAs,
      finishedAt: jobs.finishedAt,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .where(beforeId === null ? undefined : sql`${jobs.id} < (SELECT ${beforeId}::bigint)`)
    .orderBy(desc(jobs.id))
    .limit(pageLimit(limit + 1));
}

/**
 * Deletes up to `limit` finished jobs (ADR 092): done or skipped ones that finished before
 * `doneBefore`, failed ones before `failedBefore` (earlier: an admin has to see what never went
 * out). One statement; SKIP LOCKED lets instances pruning at once take different rows, never
 * waiting on each other or on a runner. `created_at < doneBefore` follows from the rest (a job
 * finishes after it is made) and walks jobs_created_idx over the old rows only. Returns the count.
 */
export async function pruneFinishedJobs(db: Executor, doneBefore: Date, failedBefore: Date, limit: number): Promise<number> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`
    DELETE FROM jobs WHERE id IN (
      SELECT id FROM jobs
      WHERE created_at < ${doneBefore.toISOString()}::timestamptz
        AND ((finished_as IN ('done', 'skipped') AND finished_at < ${doneBefore.toISOString()}::timestamptz)
          OR (finished_as = 'failed' AND finished_at < ${failedBefore.toISOString()}::timestamptz))
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`,
  );
  return rows.length;
}

/**
 * For /metrics: jobs not finished yet (due or later) and jobs that failed for good. One pass over
 * a table the pruner keeps small (ADR 092), read once per scrape.
 */
export async function countWaitingAndFailedJobs(db: Executor): Promise<{ waiting: number; failed: number }> {
  const [row] = await executeRows<{ waiting: string; failed: string }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE finished_at IS NULL) AS waiting,
           count(*) FILTER (WHERE finished_as = 'failed') AS failed
    FROM jobs`,
  );
  return { waiting: Number(row?.waiting ?? 0), failed: Number(row?.failed ?? 0) };
}
