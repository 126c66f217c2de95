/**
 * The daily sweep of unreferenced photo files (issue 37): on disk and in an S3-compatible bucket,
 * an old photo nothing references goes with its variants, a referenced one stays, a young one
 * stays; and the sweep is planned once a day however many instances plan it.
 */
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantNames } from '@common/media-url';
import { jobs } from '@db/schema';
import { insertGuide, insertTip } from '@server-test/content-fixtures';
import { startTestS3, type TestS3 } from '@server-test/s3-server';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { type MediaStorage, createMediaStorage, parseMediaUrl } from './media-storage';
import { PHOTO_SWEEP_JOB, createPhotoSweepPlanner, sweepUnreferencedPhotos } from './photo-sweep';
import { createS3MediaStorage } from './s3-media-storage';

const DAY_MS = 24 * 60 * 60_000;
const photo = Buffer.from('RIFF0000WEBP');
const copies = { thumb: photo, mid: photo };

/** The photo's key (bucket-relative path) and its variants'. */
const keysOf = (url: string) => {
  const ref = parseMediaUrl(url);
  if (!ref) throw new Error(`not a media url: ${url}`);
  return [ref.file, ...variantNames(ref.file)].map((file) => `${ref.bucket}/${ref.userId}/${file}`);
};

async function listed(storage: MediaStorage): Promise<string[]> {
  const urls: string[] = [];
  for await (const p of storage.list()) urls.push(p.url);
  return urls.sort();
}

describe('the photo sweep on disk', () => {
  let t: TestApp;
  let userId: string;
  let storage: MediaStorage;
  const fileOf = (key: string) => path.join(t.config.dataDir, 'uploads', key);
  /** Makes the photo and its variants look written `ms` ago. */
  const age = (url: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    for (const key of keysOf(url)) utimesSync(fileOf(key), then, then);
  };

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await t.createMember('user', 'Sam Sweep')).id;
    storage = createMediaStorage(t.config.dataDir);
  });
  afterAll(() => t?.close());

  it('lists photos only: no variants, no unfinished writes, nothing foreign', async () => {
    const [url = ''] = await storage.save('avatars', userId, [photo], [copies]);
    const dir = path.dirname(fileOf(keysOf(url)[0] ?? ''));
    writeFileSync(path.join(dir, '.123-0-abcdef012345.webp.0a1b2c3d.tmp'), photo);
    writeFileSync(path.join(dir, 'notes.txt'), 'x');
    const photos = (await listed(storage)).filter((u) => u.startsWith(`/api/media/avatars/${userId}/`));
    expect(photos).toEqual([url]);
    for await (const p of storage.list()) expect(Math.abs(p.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('deletes an old unreferenced photo with its variants, keeps referenced and young ones', async () => {
    const [oldUnused = '', oldByTip = '', oldByGuide = '', young = ''] = await storage.save(
      'tip-photos',
      userId,
      [photo, photo, photo, photo],
      [copies, copies, copies, copies],
    );
    for (const url of [oldUnused, oldByTip, oldByGuide]) age(url, 2 * DAY_MS);
    age(young, DAY_MS - 60_000);
    await insertTip(t.db, userId, { photoUrls: [oldByTip] });
    await insertGuide(t.db, userId, { photoUrls: [oldByGuide] });
    const tmp = path.join(path.dirname(fileOf(keysOf(young)[0] ?? '')), '.x.webp.0a1b2c3d.tmp');
    writeFileSync(tmp, photo);
    utimesSync(tmp, new Date(Date.now() - 2 * DAY_MS), new Date(Date.now() - 2 * DAY_MS));

    // Batches of 2: the four old photos (with the avatar above, young) take more than one.
    const removed = await sweepUnreferencedPhotos({ db: t.db, storage }, new Date(), { batch: 2 });

    expect(removed).toBe(1);
    expect(keysOf(oldUnused).map((k) => existsSync(fileOf(k)))).toEqual([false, false, false]);
    for (const url of [oldByTip, oldByGuide, young]) {
      expect(keysOf(url).map((k) => existsSync(fileOf(k)))).toEqual([true, true, true]);
    }
    expect(existsSync(tmp)).toBe(true);
  });

  it('is a daily job, planned once per day however many instances plan it, that sweeps', async () => {
    const [oldUnused = ''] = await storage.save('guide-photos', userId, [photo], [copies]);
    age(oldUnused, 3 * DAY_MS);
    // Another instance plans the day's sweep too; the app's runner plans it in its pass.
    const now = new Date();
    await createPhotoSweepPlanner(t.db)(now);
    await t.app.jobRunner.runDue();

    const day = now.toISOString().slice(0, 10);
    const rows = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PHOTO_SWEEP_JOB), eq(jobs.key, `photo-sweep:${day}`)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.finishedAs).toBe('done');
    expect(keysOf(oldUnused).map((k) => existsSync(fileOf(k)))).toEqual([false, false, false]);

    // The next pass that day plans nothing new.
    await t.app.jobRunner.runDue();
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, PHOTO_SWEEP_JOB))).toHaveLength(1);
  });

  it('leaves an empty or missing uploads folder alone', async () => {
    const empty = createMediaStorage(path.join(t.config.dataDir, 'nowhere'));
    expect(await listed(empty)).toEqual([]);
    expect(await sweepUnreferencedPhotos({ db: t.db, storage: empty }, new Date())).toBe(0);
    expect(readdirSync(t.config.dataDir)).not.toContain('nowhere');
  });
});

describe('the photo sweep in a bucket', () => {
  let s3: TestS3;
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ env: s3.env });
    userId = (await t.createMember('user', 'Sue Bucket')).id;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('deletes an old unreferenced photo with its variants, keeps referenced and young ones', async () => {
    const storage = createS3MediaStorage(t.config.s3!);
    try {
      const [unused = '', byTip = '', avatar = ''] = [
        ...(await storage.save('tip-photos', userId, [photo, photo], [copies, copies])),
        ...(await storage.save('avatars', userId, [photo], [copies])),
      ];
      await insertTip(t.db, userId, { photoUrls: [byTip] });
      expect(await listed(storage)).toEqual([unused, byTip, avatar].sort());
      const all = [unused, byTip, avatar].flatMap(keysOf).sort();
      expect(await s3.keys()).toEqual(all);

      // Now, every photo is young: nothing goes.
      expect(await sweepUnreferencedPhotos({ db: t.db, storage }, new Date())).toBe(0);
      expect(await s3.keys()).toEqual(all);

      // Two days on (LastModified cannot be set, the clock moves instead).
      const removed = await sweepUnreferencedPhotos({ db: t.db, storage }, new Date(Date.now() + 2 * DAY_MS), { batch: 2 });
      expect(removed).toBe(2);
      expect(await s3.keys()).toEqual(keysOf(byTip).sort());
    } finally {
      storage.close();
    }
  });
});
