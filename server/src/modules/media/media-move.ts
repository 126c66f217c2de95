/**
 * `npm run media:move` (scripts/media-move.ts, ADR 116): copies a site's photo files from
 * DATA_DIR/uploads into its S3 bucket, under the keys the app reads them by
 * (`<bucket-kind>/<userId>/<file>`, s3-media-storage.ts), photos and variants alike.
 *
 * Each file is sent with its Content-MD5 (the bucket refuses a body that arrives damaged) and then
 * checked: HeadObject must report its size, and an ETag equal to its MD5 (what a single-part PUT
 * gets on AWS S3, MinIO, R2, Garage and s3rver). A file already in the bucket with that size and
 * MD5 is skipped, so a rerun after an interruption copies only what is missing or different.
 * Local files are never deleted: the operator removes them once the app runs on the bucket.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { validMediaRef } from './media-storage';
import { type S3Settings, createS3Client } from './s3-media-storage';

export interface MoveSummary {
  /** Files found under uploads/ that are photos or variants. */
  total: number;
  copied: number;
  alreadyThere: number;
  failed: number;
  /** Files under uploads/ that are no photo of the app (unfinished writes, strays): not copied. */
  ignored: number;
}

export interface MoveOptions {
  dataDir: string;
  settings: S3Settings;
  client?: S3Client;
  /** A line of progress or of a failure. */
  print?: (line: string) => void;
  /** Files sent at once. */
  concurrency?: number;
  /** A progress line every this many files. */
  progressEvery?: number;
}

/** The keys of every photo and variant under `root`, and how many files were not one. */
async function walkUploads(root: string): Promise<{ keys: string[]; ignored: string[] }> {
  const keys: string[] = [];
  const ignored: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(key);
      else if (!entry.isFile()) ignored.push(key);
      else {
        const [bucket = '', userId = '', file = '', ...rest] = key.split('/');
        if (rest.length === 0 && validMediaRef(bucket, userId, file)) keys.push(key);
        else ignored.push(key);
      }
    }
  };
  await walk('');
  return { keys, ignored };
}

const stripQuotes = (etag: string | undefined) => (etag ?? '').replace(/^"|"$/g, '').toLowerCase();

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export async function moveUploadsToBucket(opts: MoveOptions): Promise<MoveSummary> {
  const root = path.resolve(opts.dataDir, 'uploads');
  const Bucket = opts.settings.bucket;
  const client = opts.client ?? createS3Client(opts.settings);
  const print = opts.print ?? (() => undefined);
  const progressEvery = opts.progressEvery ?? 100;
  try {
    const { keys, ignored } = await walkUploads(root);
    for (const key of ignored) print(`ignored (not a photo of the app): ${key}`);
    const summary: MoveSummary = { total: keys.length, copied: 0, alreadyThere: 0, failed: 0, ignored: ignored.length };
    print(`${keys.length} files under ${root} to check against bucket ${Bucket}`);

    /** Whether the bucket holds exactly these bytes under the key. */
    const isThere = async (Key: string, size: number, md5: string) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return head.ContentLength === size && stripQuotes(head.ETag) === md5;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    };

    const moveOne = async (Key: string) => {
      try {
        const body = await readFile(path.join(root, ...Key.split('/')));
        const md5 = createHash('md5').update(body).digest();
        const md5Hex = md5.toString('hex');
        if (await isThere(Key, body.length, md5Hex)) {
          summary.alreadyThere += 1;
          return;
        }
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: body,
            ContentType: 'image/webp',
            ContentLength: body.length,
            ContentMD5: md5.toString('base64'),
          }),
        );
        if (!(await isThere(Key, body.length, md5Hex))) throw new Error('the copy in the bucket differs (size or MD5)');
        summary.copied += 1;
      } catch (error) {
        summary.failed += 1;
        print(`failed: ${Key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };

    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++] ?? '';
        await moveOne(key);
        done += 1;
        if (done % progressEvery === 0 && done < keys.length) {
          print(
            `${done}/${keys.length}: ${summary.copied} copied, ${summary.alreadyThere} already there, ${summary.failed} failed`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, worker));
    return summary;
  } finally {
    if (!opts.client) client.destroy();
  }
}
