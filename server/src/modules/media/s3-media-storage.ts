/**
 * Photo files in an S3-compatible bucket (issue 37, ADR 116): the object key is
 * `<bucket-kind>/<userId>/<file>`, the same names as on disk (media-storage.ts), and the app
 * streams each photo after its own access check, so no URL of the bucket ever reaches a browser.
 * Only calls that AWS S3, MinIO, R2 and Garage all serve are used: PutObject, GetObject,
 * HeadObject, DeleteObject and ListObjectsV2.
 *
 * A bucket that does not answer, or answers with an error, is a ServiceUnavailableError (503):
 * short timeouts and one retry keep a request from hanging on it.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { isVariantName, variantNames } from '@common/media-url';
import { TEXTS } from '@common/texts';
import { ServiceUnavailableError } from '@server/lib/errors';
import {
  MEDIA_BUCKETS,
  type MediaRef,
  type MediaStorage,
  mediaUrl,
  parseMediaUrl,
  validMediaRef,
  writePhotos,
} from './media-storage';

export interface S3Settings {
  bucket: string;
  /** Unset for AWS itself, which the region then names. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO, Garage, most self-hosted). */
  forcePathStyle: boolean;
}

/** How long the bucket has to accept a connection, and to answer once connected. */
export const S3_CONNECTION_TIMEOUT_MS = 2_000;
export const S3_REQUEST_TIMEOUT_MS = 10_000;
/** One retry: a dead bucket must not hold a request for long. */
export const S3_MAX_ATTEMPTS = 2;

export const STORAGE_UNAVAILABLE_CODE = 'storage_unavailable';

export interface S3MediaStorage extends MediaStorage {
  /** Resolves when the bucket answers (for /api/ready); rejects otherwise. */
  probe(): Promise<void>;
  /** Closes the client's connections. */
  close(): void;
}

const keyOf = (ref: MediaRef) => `${ref.bucket}/${ref.userId}/${ref.file}`;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

function unavailable(error: unknown): ServiceUnavailableError {
  if (error instanceof ServiceUnavailableError) return error;
  return new ServiceUnavailableError(TEXTS.storageUnavailable, STORAGE_UNAVAILABLE_CODE, { cause: error });
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    maxAttempts: S3_MAX_ATTEMPTS,
    requestHandler: new NodeHttpHandler({
      connectionTimeout: S3_CONNECTION_TIMEOUT_MS,
      requestTimeout: S3_REQUEST_TIMEOUT_MS,
    }),
    // Checksums only where an API demands them: not every S3-compatible server reads the new ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3MediaStorage(settings: S3Settings, client: S3Client = createS3Client(settings)): S3MediaStorage {
  const Bucket = settings.bucket;

  /** Runs one call; every failure of the bucket becomes a 503. */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw unavailable(error);
    }
  }

  const put = (Key: string, Body: Buffer) =>
    call(() => client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType: 'image/webp' })));
  const remove = (Key: string) => call(() => client.send(new DeleteObjectCommand({ Bucket, Key })));

  /** Deletes the keys, a few at a time. */
  async function removeAll(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 8) await Promise.all(keys.slice(i, i + 8).map(remove));
  }

  return {
    async save(bucket, userId, buffers, variants = []) {
      if (!validMediaRef(bucket, userId, 'x.webp')) throw new Error(`Invalid media location ${bucket}/${userId}`);
      const written: string[] = [];
      const write = async (file: string, buffer: Buffer) => {
        const key = keyOf({ bucket, userId, file });
        // Counted before the call: a put that timed out may still have landed.
        written.push(key);
        await put(key, buffer);
      };
      try {
        const files = await writePhotos(buffers, variants, write);
        return files.map((file) => mediaUrl({ bucket, userId, file }));
      } catch (error) {
        // All or nothing: what was written goes; a bucket that is down keeps it (nothing refers to it).
        await Promise.allSettled(written.map(remove));
        throw unavailable(error);
      }
    },

    async put(ref, body) {
      const checked = validMediaRef(ref.bucket, ref.userId, ref.file);
      if (!checked) throw new Error(`Invalid media reference ${ref.bucket}/${ref.userId}/${ref.file}`);
      await put(keyOf(checked), body);
    },

    async deleteByUrls(urls) {
      const refs = urls.map(parseMediaUrl).filter((r): r is MediaRef => r !== null);
      const keys = refs.flatMap((ref) => [ref, ...variantNames(ref.file).map((file) => ({ ...ref, file }))]).map(keyOf);
      // DeleteObject answers success for a key that is not there.
      await removeAll(keys);
    },

    isOwnedUpload(url, bucket, userId) {
      const ref = parseMediaUrl(url);
      return ref !== null && ref.bucket === bucket && ref.userId === userId && !isVariantName(ref.file);
    },

    async exists(url) {
      const ref = parseMediaUrl(url);
      if (!ref) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(ref) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw unavailable(error);
      }
    },

    async open(ref) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(ref) }));
        if (!(object.Body instanceof Readable) || object.ContentLength === undefined) {
          (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
          throw new Error('the bucket answered without a body or its length');
        }
        return { stream: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
    },

    async deleteFolder(bucket, userId) {
      if (!validMediaRef(bucket, userId, 'x.webp')) return;
      const Prefix = `${bucket}/${userId}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await call(() => client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken })));
        await removeAll((page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async *list() {
      for (const bucket of MEDIA_BUCKETS) {
        const Prefix = `${bucket}/`;
        let ContinuationToken: string | undefined;
        do {
          const page = await call(() => client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken })));
          for (const object of page.Contents ?? []) {
            const [userId = '', file = '', ...rest] = (object.Key ?? '').slice(Prefix.length).split('/');
            const ref = rest.length === 0 ? validMediaRef(bucket, userId, file) : null;
            if (!ref || isVariantName(ref.file) || !object.LastModified) continue;
            yield { url: mediaUrl(ref), modifiedAt: object.LastModified };
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      }
    },

    async probe() {
      // A listing of a prefix that holds nothing: cheap, and it fails for a missing bucket or bad
      // keys too (HeadBucket is not served everywhere; s3rver fails a truncated listing).
      await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'waymark-ready-probe/', MaxKeys: 1 }));
    },

    close() {
      client.destroy();
    },
  };
}
