/**
 * Runs the jobs table's due jobs (ADR 091). Each pass: the `beforePass` hook (e.g. planning the
 * day's digests), then claim a batch, run each job's handler, and record the outcome: done or
 * skipped, or on a failure a retry after backoffMs(attempts), failed once max_attempts is reached;
 * then the `afterPass` hook (pruning old finished jobs, ADR 092).
 * The clock is injected so tests can move time; server.ts starts it and stops it on shutdown.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@db/client';
import { backoffMs } from './backoff';
import { type ClaimedJob, claimDueJobs, finishJob, retryJobAt } from './jobs.repository';

/** What a handler did: sent its e-mail (done) or found nothing to send (skipped). Throws to retry. */
export type JobHandler = (job: ClaimedJob, now: Date) => Promise<'done' | 'skipped'>;

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  clock?: () => Date;
  pollMs?: number;
  /** How long a claimed job stays this runner's: longer than any handler takes (an SMTP send). */
  leaseMs?: number;
  batch?: number;
  beforePass?: (now: Date) => Promise<void>;
  /** After the pass's jobs ran, e.g. pruning old finished jobs (ADR 092). */
  afterPass?: (now: Date) => Promise<unknown>;
}

export interface JobRunner {
  /** The name this runner claims jobs under (locked_by). */
  readonly id: string;
  /** One pass now; how many jobs it ran. */
  runDue(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const clock = opts.clock ?? (() => new Date());
  const pollMs = opts.pollMs ?? 5_000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const batch = opts.batch ?? 10;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let isStopped = true;

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = opts.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await finishJob(opts.db, job.id, id, clock(), await handler(job, clock()));
    } catch (error) {
      const message = errorText(error);
      opts.log.warn({ err: error, job: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      if (!handler || job.attempts >= job.maxAttempts) await finishJob(opts.db, job.id, id, clock(), 'failed', message);
      else await retryJobAt(opts.db, job.id, id, new Date(clock().getTime() + backoffMs(job.attempts)), message);
    }
  }

  async function runDue(): Promise<number> {
    const now = clock();
    await opts.beforePass?.(now);
    const claimed = await claimDueJobs(opts.db, id, now, leaseMs, batch);
    for (const job of claimed) await runOne(job);
    await opts.afterPass?.(clock());
    return claimed.length;
  }

  function schedule() {
    if (isStopped) return;
    timer = setTimeout(() => {
      inFlight = runDue()
        .catch((error: unknown) => opts.log.error({ err: error }, 'job runner pass failed'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    id,
    runDue,
    start() {
      if (!isStopped) return;
      isStopped = false;
      schedule();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
