/**
 * Keeps the jobs table from growing for ever (ADR 092): after a runner's pass, at most once an
 * hour per process, deletes the finished jobs older than their retention, a batch at a time.
 * A full batch means more are waiting: the next pass goes on at once instead of an hour later.
 */
import type { Executor } from '@db/client';
import { pruneFinishedJobs } from './jobs.repository';

const DAY_MS = 24 * 60 * 60_000;

export interface JobRetention {
  /** Days a done or skipped job stays listed. */
  retentionDays: number;
  /** Days a failed job stays listed (at least retentionDays; env.ts checks). */
  failedRetentionDays: number;
}

export function createJobPruner(db: Executor, retention: JobRetention, opts: { everyMs?: number; batch?: number } = {}) {
  const everyMs = opts.everyMs ?? 60 * 60_000;
  const batch = opts.batch ?? 1000;
  let nextAt = 0;
  /** Prunes when due; how many jobs it deleted. */
  return async (now: Date): Promise<number> => {
    if (now.getTime() < nextAt) return 0;
    const deleted = await pruneFinishedJobs(
      db,
      new Date(now.getTime() - retention.retentionDays * DAY_MS),
      new Date(now.getTime() - retention.failedRetentionDays * DAY_MS),
      batch,
    );
    nextAt = deleted < batch ? now.getTime() + everyMs : 0;
    return deleted;
  };
}
