/**
 * The life of photo files, one rule for every kind of record (ADR 041): a file is deleted only
 * when nothing references it, no tip, no guide, no profile. Callers hand over the URLs a
 * committed change stopped using (a tip or guide edited or deleted, a profile picture replaced);
 * this keeps those another record still shows and deletes the rest. A failure is logged, never
 * reported: the database is the truth, and a file left behind harms no one (ADR 006).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '@db/client';
import { MEDIA_BUCKETS, type MediaStorage, UUID_PATTERN } from './media-storage';
import { referencedPhotoUrls } from './photo-references.repository';

export interface PhotoFileDeps {
  db: Executor;
  storage: Pick<MediaStorage, 'deleteByUrls'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** Deletes the files of those URLs no tip, guide or profile references; call it after commit. */
export async function removeUnreferencedPhotos(deps: PhotoFileDeps, urls: readonly string[]): Promise<void> {
  const candidates = [...new Set(urls)];
  if (candidates.length === 0) return;
  try {
    const used = await referencedPhotoUrls(deps.db, candidates);
    await deps.storage.deleteByUrls(candidates.filter((url) => !used.has(url)));
  } catch (error) {
    deps.log?.warn({ err: error, urls: candidates }, 'photo files could not be removed');
  }
}

/**
 * After a member's account is deleted: `<bucket>/<userId>` for every bucket (a folder on disk, a
 * key prefix in a bucket). The same rule, by construction: only that member's own records can reference a file there (a tip or
 * guide takes only its author's uploads, a picture is stored in its member's folder), and the
 * deletion removed them all; the folders also hold uploads never attached to anything.
 */
export async function removeUploadFolders(
  storage: Pick<MediaStorage, 'deleteFolder'>,
  userId: string,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (!UUID_PATTERN.test(userId)) return;
  await Promise.all(
    MEDIA_BUCKETS.map(async (bucket) => {
      try {
        await storage.deleteFolder(bucket, userId);
      } catch (error) {
        log?.warn({ err: error, bucket, userId }, 'upload folder of a deleted user could not be removed');
      }
    }),
  );
}
