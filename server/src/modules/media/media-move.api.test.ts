/**
 * `npm run media:move` (media-move.ts, scripts/media-move.ts) against s3rver: a disk store's
 * files all reach the bucket, a rerun copies nothing, an object changed or missing in the bucket
 * is copied again, local files stay, and an app switched to the bucket serves the photo from it.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailUrl } from '@common/media-url';
import { ADMIN, type TestApp, createTestApp } from '@server-test/test-app';
import { startTestS3, type TestS3 } from '@server-test/s3-server';
import { moveUploadsToBucket } from './media-move';
import type { S3Settings } from './s3-media-storage';
import { pngImage, upload } from '@server-test/test-uploads';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../../../..');

describe('moving photos from disk to a bucket (npm run media:move)', () => {
  let s3: TestS3;
  let t: TestApp;
  let onS3: TestApp | undefined;
  let settings: S3Settings;
  let client: S3Client;
  let cookie: string;
  let url: string;
  let localKeys: string[];

  const uploads = () => path.join(t.config.dataDir, 'uploads');
  const bytesOf = (key: string) => readFileSync(path.join(uploads(), key));

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp();
    settings = {
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const member = await t.createMember('user', 'Mo Mover');
    cookie = member.cookie;
    const res = await upload(t, cookie, 'tip-photos', [
      { data: await pngImage(600, 300), filename: 'a.png', contentType: 'image/png' },
      { data: await pngImage(300, 600), filename: 'b.png', contentType: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    url = res.json<{ urls: string[] }>().urls[0] ?? '';
    const tip = await t.call('POST', '/api/tips', {
      cookie,
      body: {
        title: 'Moved tip',
        description: 'A tip whose photos move to a bucket.',
        city: 'Lisbon',
        country: 'Portugal',
        photoUrls: [url],
        visibility: 'public',
      },
    });
    expect(tip.statusCode, tip.body).toBe(201);
    // An unfinished write: not a photo, never copied.
    const dir = path.join(uploads(), 'tip-photos', member.id);
    writeFileSync(path.join(dir, '.1-0-abcdef012345.webp.0a1b2c3d.tmp'), 'partial');
    localKeys = (readdirSync(uploads(), { recursive: true }) as string[])
      .map((p) => p.split(path.sep).join('/'))
      .filter((p) => p.endsWith('.webp'))
      .sort();
  });
  afterAll(async () => {
    client?.destroy();
    await onS3?.close();
    await t?.close();
    await s3?.close();
  });

  it('copies every photo and variant (MD5-checked) and keeps the local files', async () => {
    expect(localKeys).toHaveLength(6);
    const lines: string[] = [];
    const summary = await moveUploadsToBucket({ dataDir: t.config.dataDir, settings, print: (l) => lines.push(l) });
    expect(summary).toEqual({ total: 6, copied: 6, alreadyThere: 0, failed: 0, ignored: 1 });
    expect(lines.some((l) => l.startsWith('ignored') && l.endsWith('.tmp'))).toBe(true);
    expect(await s3.keys()).toEqual(localKeys);
    expect(localKeys.every((key) => existsSync(path.join(uploads(), key)))).toBe(true);
  });

  it('skips on a rerun what is already there, and copies again an object changed or missing', async () => {
    const again = await moveUploadsToBucket({ dataDir: t.config.dataDir, settings });
    expect(again).toMatchObject({ copied: 0, alreadyThere: 6, failed: 0 });

    const [truncated = '', changed = '', missing = ''] = localKeys;
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: truncated, Body: bytesOf(truncated).subarray(0, 10) }));
    const flipped = Buffer.from(bytesOf(changed));
    flipped[flipped.length - 1] = (flipped.at(-1) ?? 0) ^ 0xff;
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: changed, Body: flipped }));
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: missing }));

    const repaired = await moveUploadsToBucket({ dataDir: t.config.dataDir, settings, concurrency: 2 });
    expect(repaired).toMatchObject({ copied: 3, alreadyThere: 3, failed: 0 });
    expect(await moveUploadsToBucket({ dataDir: t.config.dataDir, settings })).toMatchObject({ copied: 0, alreadyThere: 6 });
  });

  it('counts a file it cannot copy as failed, and the next run copies it', async () => {
    await s3.stop();
    try {
      const down = await moveUploadsToBucket({ dataDir: t.config.dataDir, settings });
      expect(down).toMatchObject({ copied: 0, alreadyThere: 0, failed: 6 });
    } finally {
      await s3.start();
    }
    expect(await moveUploadsToBucket({ dataDir: t.config.dataDir, settings })).toMatchObject({ alreadyThere: 6, failed: 0 });
  });

  it('runs as npm run media:move: refuses without S3_*, prints its summary and that nothing was deleted', async () => {
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const script = ['--import', 'tsx', 'scripts/media-move.ts'];
    const refused = await run(process.execPath, script, { cwd: REPO, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain('S3_BUCKET');

    const done = await run(process.execPath, script, { cwd: REPO, env: { ...env, ...s3.env }, timeout: 60_000 });
    expect(done.stdout).toContain('Done: 0 copied, 6 already there, 0 failed');
    expect(done.stdout).toContain('No local file was deleted');
  });

  it('after the switch, the app serves the photo from the bucket', async () => {
    // A second instance on the same database, with the bucket and an empty data folder of its own.
    onS3 = await createTestApp({ env: s3.env, sharedDatabase: t.database });
    expect(readdirSync(onS3.config.dataDir)).toEqual([]);
    for (const photo of [url, thumbnailUrl(url)]) {
      const got = await onS3.call('GET', photo, { cookie });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(got.rawPayload.equals(bytesOf(photo.replace('/api/media/', '')))).toBe(true);
    }
  });
});
