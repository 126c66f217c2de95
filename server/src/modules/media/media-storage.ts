/**
 * Photo files on disk (docs/product.md#photos): `${dataDir}/uploads/<bucket>/<userId>/<file>.webp`, served
 * as `/api/media/<bucket>/<userId>/<file>`. Names are made here, never taken from the client, and
 * every URL is parsed with strict patterns before it becomes a path, so no URL can reach a file
 * outside the uploads folder. A photo may have smaller copies beside it, `<name>.thumb.webp` and
 * `<name>.mid.webp` (common/media-url.ts); they are written and deleted with their photo and never
 * referenced on their own.
 */
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isVariantName, type PhotoVariant, variantName, variantNames } from '@common/media-url';

export const MEDIA_BUCKETS = ['tip-photos', 'guide-photos', 'avatars'] as const;
export type MediaBucket = (typeof MEDIA_BUCKETS)[number];

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MEDIA_FILE_PATTERN = /^[\w.-]+\.webp$/;

export function isMediaBucket(value: string): value is MediaBucket {
  return (MEDIA_BUCKETS as readonly string[]).includes(value);
}

export interface MediaRef {
  bucket: MediaBucket;
  userId: string;
  file: string;
}

/** The parts of a media URL when every segment is valid, else null. */
export function parseMediaUrl(url: string): MediaRef | null {
  const m = /^\/api\/media\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(url);
  if (!m) return null;
  const [, bucket = '', userId = '', file = ''] = m;
  return validMediaRef(bucket, userId, file);
}

/** The reference when bucket, user id and file name all pass their patterns, else null. */
export function validMediaRef(bucket: string, userId: string, file: string): MediaRef | null {
  if (!isMediaBucket(bucket)) return null;
  if (!UUID_PATTERN.test(userId)) return null;
  if (!MEDIA_FILE_PATTERN.test(file) || file.startsWith('.')) return null;
  return { bucket, userId, file };
}

export function mediaUrl(ref: MediaRef): string {
  return `/api/media/${ref.bucket}/${ref.userId}/${ref.file}`;
}

/** A stored photo, opened for reading: the stream must be consumed or destroyed. */
export interface OpenedMedia {
  stream: Readable;
  size: number;
}

/** A stored photo (never a variant) and when it was last written. */
export interface StoredPhoto {
  url: string;
  modifiedAt: Date;
}

/**
 * Where photos are kept: a folder on disk (below) or an S3-compatible bucket (s3-media-storage.ts,
 * ADR 116). Callers never see paths or keys, only media URLs and references.
 */
export interface MediaStorage {
  /**
   * Writes the (already re-encoded WebP) buffers, and the copies in `variants[i]` beside
   * `buffers[i]` when given; returns the photos' URLs in order. All or nothing.
   */
  save(
    bucket: MediaBucket,
    userId: string,
    buffers: readonly Buffer[],
    variants?: readonly Partial<Record<PhotoVariant, Buffer>>[],
  ): Promise<string[]>;
  /** Removes the files behind the URLs and their variants; invalid URLs and missing files are ignored. */
  deleteByUrls(urls: readonly string[]): Promise<void>;
  /**
   * True when the URL is a valid upload of this user in this bucket (does not touch the disk);
   * a variant's URL (thumbnail, mid-size copy) is not an upload of its own.
   */
  isOwnedUpload(url: string, bucket: MediaBucket, userId: string): boolean;
  /** True when the URL is valid and its file exists. */
  exists(url: string): Promise<boolean>;
  /** The stored file of a valid reference with its size, or null when there is none. */
  open(ref: MediaRef): Promise<OpenedMedia | null>;
  /** Writes one file (a photo or a variant) under its reference as it is: a restore (ADR 119). */
  put(ref: MediaRef, body: Buffer): Promise<void>;
  /** Removes everything this user has in this bucket (after their account is deleted). */
  deleteFolder(bucket: MediaBucket, userId: string): Promise<void>;
  /**
   * Every stored photo with its age, for the sweep of unreferenced ones (photo-sweep.ts): photos
   * only, no variants (they go with their photo through deleteByUrls) and no unfinished writes.
   */
  list(): AsyncIterable<StoredPhoto>;
}

/** The entries of a folder, none when it does not exist. */
async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
}

/** The open regular file at the path, or null when there is none. */
async function openRegularFile(filePath: string): Promise<OpenedMedia | null> {
  const handle = await open(filePath, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (!handle) return null;
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { stream: handle.createReadStream(), size: stats.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return null;
}

/**
 * Names each photo of a save and writes it through `write`, its variants first, so a stored photo
 * always has its variants once the save returns; the photos' file names in order. Both stores
 * save through it; each undoes its own writes when one fails.
 */
export async function writePhotos(
  buffers: readonly Buffer[],
  variants: readonly Partial<Record<PhotoVariant, Buffer>>[],
  write: (file: string, buffer: Buffer) => Promise<void>,
): Promise<string[]> {
  const now = Date.now();
  const files: string[] = [];
  for (const [index, buffer] of buffers.entries()) {
    const file = `${now}-${index}-${randomBytes(6).toString('hex')}.webp`;
    for (const [variant, copy] of Object.entries(variants[index] ?? {}) as [PhotoVariant, Buffer][]) {
      await write(variantName(file, variant), copy);
    }
    await write(file, buffer);
    files.push(file);
  }
  return files;
}

/** Writes the file beside its final name, then renames it: a reader never sees half a file. */
async function writeAtomically(dir: string, file: string, buffer: Buffer): Promise<string> {
  const target = path.join(dir, file);
  const tmp = path.join(dir, `.${file}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, buffer, { flag: 'wx' });
    await rename(tmp, target);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  return target;
}

export function createMediaStorage(dataDir: string): MediaStorage {
  const root = path.resolve(dataDir, 'uploads');
  const pathOf = (ref: MediaRef) => path.join(root, ref.bucket, ref.userId, ref.file);

  return {
    open: (ref) => openRegularFile(pathOf(ref)),

    async deleteFolder(bucket, userId) {
      if (!validMediaRef(bucket, userId, 'x.webp')) return;
      await rm(path.join(root, bucket, userId), { recursive: true, force: true });
    },

    async save(bucket, userId, buffers, variants = []) {
      const dir = validMediaRef(bucket, userId, 'x.webp') ? path.join(root, bucket, userId) : null;
      if (!dir) throw new Error(`Invalid media location ${bucket}/${userId}`);
      await mkdir(dir, { recursive: true });
      const written: string[] = [];
      const write = async (file: string, buffer: Buffer) => {
        written.push(await writeAtomically(dir, file, buffer));
      };
      try {
        const files = await writePhotos(buffers, variants, write);
        return files.map((file) => mediaUrl({ bucket, userId, file }));
      } catch (error) {
        await Promise.all(written.map((p) => rm(p, { force: true })));
        throw error;
      }
    },

    async put(ref, body) {
      const checked = validMediaRef(ref.bucket, ref.userId, ref.file);
      if (!checked) throw new Error(`Invalid media reference ${ref.bucket}/${ref.userId}/${ref.file}`);
      const dir = path.dirname(pathOf(checked));
      await mkdir(dir, { recursive: true });
      await writeAtomically(dir, checked.file, body);
    },

    async deleteByUrls(urls) {
      const refs = urls.map(parseMediaUrl).filter((r): r is MediaRef => r !== null);
      const withVariants = refs.flatMap((ref) => [ref, ...variantNames(ref.file).map((file) => ({ ...ref, file }))]);
      await Promise.all(
        withVariants.map(async (ref) => {
          try {
            await unlink(pathOf(ref));
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          }
        }),
      );
    },

    isOwnedUpload(url, bucket, userId) {
      const ref = parseMediaUrl(url);
      return ref !== null && ref.bucket === bucket && ref.userId === userId && !isVariantName(ref.file);
    },

    async *list() {
      for (const bucket of MEDIA_BUCKETS) {
        for (const folder of await entriesOf(path.join(root, bucket))) {
          if (!folder.isDirectory()) continue;
          for (const entry of await entriesOf(path.join(root, bucket, folder.name))) {
            // validMediaRef refuses `.name.tmp` (a write under way) and anything else not made here.
            const ref = entry.isFile() ? validMediaRef(bucket, folder.name, entry.name) : null;
            if (!ref || isVariantName(ref.file)) continue;
            const stats = await stat(pathOf(ref)).catch((error: NodeJS.ErrnoException) => {
              if (error.code === 'ENOENT') return null;
              throw error;
            });
            if (stats) yield { url: mediaUrl(ref), modifiedAt: stats.mtime };
          }
        }
      }
    },

    async exists(url) {
      const ref = parseMediaUrl(url);
      if (!ref) return false;
      try {
        await access(pathOf(ref), fsConstants.F_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}
