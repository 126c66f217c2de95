/** The job queue as the admin's Outbox shows it (ADR 091): each job with its state. */
import type { Job } from '@common/schemas/notification-preferences';
import type { Database } from '@db/client';
import { BadRequestError } from '@server/lib/errors';
import { listJobs } from './jobs.repository';

type Row = Awaited<ReturnType<typeof listJobs>>[number];

export function jobState(row: Pick<Row, 'finishedAs' | 'attempts' | 'lastError'>): Job['state'] {
  if (row.finishedAs === 'done') return 'sent';
  if (row.finishedAs === 'skipped') return 'skipped';
  if (row.finishedAs === 'failed') return 'failed';
  return row.lastError ? 'retrying' : 'waiting';
}

const decodeJobCursor = (cursor: string | undefined): number | null => {
  if (!cursor) return null;
  const id = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(id) || id < 1) throw new BadRequestError('Invalid page cursor');
  return id;
};

export function createJobsService(deps: { db: Database }) {
  async function listPage(cursor: string | undefined, limit: number) {
    const rows = await listJobs(deps.db, decodeJobCursor(cursor), limit);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((row): Job => ({
        id: String(row.id),
        kind: row.kind,
        key: row.key,
        state: jobState(row),
        attempts: row.attempts,
        maxAttempts: row.maxAttempts,
        lastError: row.lastError,
        runAt: row.runAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor: rows.length > limit && last ? Buffer.from(String(last.id)).toString('base64url') : null,
    };
  }
  return { listPage };
}

export type JobsService = ReturnType<typeof createJobsService>;
