/**
 * An S3-compatible server of a test's own (s3rver, in this process), on a free port, that the
 * test may stop and start again: what the app does when its photo bucket goes away cannot be
 * tried on a shared one. Its objects live in a temporary folder, kept across a stop and start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from '../../scripts/server-process';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the app at this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Started again on the same port, with the same objects. */
  start(): Promise<void>;
  /** Stopped at once, open connections cut: an unreachable bucket. */
  stop(): Promise<void>;
  /** Stopped, and its folder removed. */
  close(): Promise<void>;
}

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestS3(bucket = 'photos'): Promise<TestS3> {
  const port = await freePort();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'waymark-test-s3-'));
  const endpoint = `http://127.0.0.1:${port}`;
  let server: S3rver | null = null;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });

  const start = async () => {
    const next = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
    await next.run();
    server = next;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    const closed = running.close();
    running.httpServer?.closeAllConnections();
    await closed;
  };
  const keys = async (prefix?: string) => {
    const found: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
      found.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found.sort();
  };

  await start();
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys,
    start,
    stop,
    async close() {
      await stop();
      client.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
