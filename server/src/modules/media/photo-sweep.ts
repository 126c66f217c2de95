/**
 * The daily sweep of photo files nothing references (issue 37, ADR 041, 116). Uploads are stored
 * first and attached to a tip, guide or profile later, so an upload never attached stays behind,
 * and so does a file whose removal failed (the bucket was down, photo-files.ts only logs it).
 * Once a day this lists every stored photo, and of those older than a day deletes, with their
 * variants, the ones no record references. A photo younger than a day is never touched: it may be
 * an upload about to be attached.
 *
 * Once a day on one instance: the runner's beforePass (createPhotoSweepPlanner) adds a job keyed
 * by the UTC day; the key is unique in the jobs table, so however many instances plan it, there is
 * one job a day, and the runner claims each job once (FOR UPDATE SKIP LOCKED, ADR 091). A sweep
 * that fails is retried with backoff like any job. A sweep that outlived its lease and ran twice
 * would do no harm: deleting what nothing references is the same done twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '@db/client';
import type { JobHandler } from '../jobs/job-runner';
import { enqueueJob } from '../jobs/jobs.repository';
import type { MediaStorage } from './media-storage';
import { referencedPhotoUrls } from './photo-references.repository';

export const PHOTO_SWEEP_JOB = 'photo-sweep';
/** A photo younger than this is left alone, referenced or not. */
export const PHOTO_SWEEP_MIN_AGE_MS = 24 * 60 * 60_000;
const BATCH = 500;

export interface PhotoSweepDeps {
  db: Executor;
  storage: Pick<MediaStorage, 'list' | 'deleteByUrls'>;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * Deletes the photos (and their variants) older than a day at `now` that no tip, guide or profile
 * references, checking a batch of URLs at a time; how many photos it deleted.
 *
 * A photo attached between the check of its batch and its deletion would lose its file; the photo
 * would have to be over a day old and attached in that instant, and tips and guides check that
 * a photo exists when they take it, so the window is small and the harm one missing picture.
 */
export async function sweepUnreferencedPhotos(
  deps: PhotoSweepDeps,
  now: Date,
  opts: { batch?: number; minAgeMs?: number } = {},
): Promise<number> {
  const batch = opts.batch ?? BATCH;
  const before = now.getTime() - (opts.minAgeMs ?? PHOTO_SWEEP_MIN_AGE_MS);
  let removed = 0;
  let pending: string[] = [];
  const flush = async () => {
    const urls = pending;
    pending = [];
    const used = await referencedPhotoUrls(deps.db, urls);
    const unused = urls.filter((url) => !used.has(url));
    await deps.storage.deleteByUrls(unused);
    removed += unused.length;
  };
  for await (const photo of deps.storage.list()) {
    if (photo.modifiedAt.getTime() >= before) continue;
    pending.push(photo.url);
    if (pending.length >= batch) await flush();
  }
  if (pending.length > 0) await flush();
  if (removed > 0) deps.log?.info({ removed }, 'unreferenced photos removed');
  return removed;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The runner's beforePass: plans the day's sweep, once per process and UTC day (the key does the rest). */
export function createPhotoSweepPlanner(db: Executor) {
  let plannedDay = '';
  return async (now: Date) => {
    const day = utcDay(now);
    if (day === plannedDay) return;
    await enqueueJob(db, { kind: PHOTO_SWEEP_JOB, key: `photo-sweep:${day}`, payload: { day }, runAt: now });
    plannedDay = day;
  };
}

export function photoSweepHandlers(deps: PhotoSweepDeps): Record<string, JobHandler> {
  return {
    [PHOTO_SWEEP_JOB]: async (_job, now) => ((await sweepUnreferencedPhotos(deps, now)) > 0 ? 'done' : 'skipped'),
  };
}
