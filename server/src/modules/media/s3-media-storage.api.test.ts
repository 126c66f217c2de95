import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbnailUrl } from '@common/media-url';
import { TEXTS } from '@common/texts';
import { tips } from '@db/schema';
import { startTestS3, type TestS3 } from '@server-test/s3-server';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { ServiceUnavailableError } from '@server/lib/errors';
import { parseMediaUrl } from './media-storage';
import { STORAGE_UNAVAILABLE_CODE, createS3Client, createS3MediaStorage } from './s3-media-storage';
import { pngImage, upload } from '@server-test/test-uploads';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

function tipBody(photoUrls: string[], visibility: 'public' | 'private' = 'public') {
  return {
    title: 'Bucket tip',
    description: 'A tip whose photos live in a bucket.',
    city: 'Lisbon',
    country: 'Portugal',
    photoUrls,
    visibility,
  };
}

const keyOf = (url: string) => {
  const ref = parseMediaUrl(url);
  if (!ref) throw new Error(`not a media url: ${url}`);
  return `${ref.bucket}/${ref.userId}/${ref.file}`;
};

describe('photos in an S3-compatible bucket (ADR 116)', () => {
  let s3: TestS3;
  let t: TestApp;
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ env: s3.env });
    member = await t.createMember('user', 'Bea Bucket');
    other = await t.createMember('user', 'Olaf Other');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const uploadOne = async (cookie: string, width = 600, height = 300) => {
    const res = await upload(t, cookie, 'tip-photos', [
      { data: await pngImage(width, height), filename: 'a.png', contentType: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ urls: string[] }>().urls[0] ?? '';
  };

  it('stores an upload and its variants in the bucket, nothing on disk, and serves them back', async () => {
    const url = await uploadOne(member.cookie);
    const prefix = `tip-photos/${member.id}/`;
    const keys = await s3.keys(prefix);
    const file = keyOf(url).slice(prefix.length);
    expect(keys).toEqual(
      [file, file.replace(/\.webp$/, '.mid.webp'), file.replace(/\.webp$/, '.thumb.webp')].map((f) => prefix + f).sort(),
    );
    const uploads = path.join(t.config.dataDir, 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads, { recursive: true }) : []).toEqual([]);

    const got = await t.call('GET', url, { cookie: member.cookie });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Number(got.headers['content-length'])).toBe(got.rawPayload.length);
    expect((await sharp(got.rawPayload).metadata()).width).toBe(600);

    const thumb = await t.call('GET', thumbnailUrl(url), { cookie: member.cookie });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);

    const missing = await t.call('GET', `/api/media/tip-photos/${member.id}/123-0-abcdef012345.webp`, { cookie: member.cookie });
    expect(missing.statusCode).toBe(404);
  });

  it('is ready with its bucket (/api/ready checks it)', async () => {
    const res = await t.call('GET', '/api/ready');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ready: true, checks: { database: 'ok', storage: 'ok' } });
  });

  it('saves variants before their photo, and all or nothing: a failed write removes what was written', async () => {
    const settings = t.config.s3!;
    const userId = member.id;
    const client = createS3Client(settings);
    const puts: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const key = (args.input as { Key?: string }).Key ?? '';
        if (context.commandName === 'PutObjectCommand') {
          puts.push(key);
          // The second photo itself (its variants went through).
          if (/-1-[0-9a-f]{12}\.webp$/.test(key)) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        }
        return next(args);
      },
      { step: 'initialize' },
    );
    const storage = createS3MediaStorage(settings, client);
    const before = await s3.keys(`guide-photos/${userId}/`);
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .webp()
      .toBuffer();
    const copies = { thumb: photo, mid: photo };
    try {
      await expect(storage.save('guide-photos', userId, [photo, photo], [copies, copies])).rejects.toBeInstanceOf(
        ServiceUnavailableError,
      );
    } finally {
      storage.close();
    }
    expect(puts.map((k) => k.replace(/^.*\/\d+-(\d)-[0-9a-f]{12}/, '$1'))).toEqual([
      '0.thumb.webp',
      '0.mid.webp',
      '0.webp',
      '1.thumb.webp',
      '1.mid.webp',
      '1.webp',
    ]);
    expect(await s3.keys(`guide-photos/${userId}/`)).toEqual(before);
  });

  it('refuses what it refuses on disk: an unattached upload and a private tip’s photo to another member', async () => {
    const url = await uploadOne(member.cookie);
    // Until a record shows it, only its uploader may fetch it (ADR 085).
    expect((await t.call('GET', url, { cookie: other.cookie })).statusCode).toBe(404);
    const tip = await t.call('POST', '/api/tips', { cookie: member.cookie, body: tipBody([url], 'private') });
    expect(tip.statusCode, tip.body).toBe(201);
    expect((await t.call('GET', url, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.call('GET', thumbnailUrl(url), { cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.call('GET', url, { cookie: member.cookie })).statusCode).toBe(200);
    expect((await t.call('GET', url)).statusCode).toBe(401);
  });

  it('deletes a tip’s objects with the tip', async () => {
    const url = await uploadOne(member.cookie);
    const tip = await t.call('POST', '/api/tips', { cookie: member.cookie, body: tipBody([url]) });
    expect(tip.statusCode, tip.body).toBe(201);
    const stem = keyOf(url).replace(/\.webp$/, '');
    expect((await s3.keys()).filter((k) => k.startsWith(stem))).toHaveLength(3);
    const id = tip.json<{ id: string }>().id;
    expect((await t.call('DELETE', `/api/tips/${id}`, { cookie: member.cookie })).statusCode).toBe(204);
    expect((await s3.keys()).filter((k) => k.startsWith(stem))).toEqual([]);
  });

  it('removes a member’s folder when their account is deleted', async () => {
    const leaving = await t.createMember('user', 'Lea Leaving');
    await uploadOne(leaving.cookie);
    await uploadOne(leaving.cookie);
    expect(await s3.keys(`tip-photos/${leaving.id}/`)).toHaveLength(6);
    const before = await s3.keys(`tip-photos/${member.id}/`);
    const res = await t.call('DELETE', '/api/account', { cookie: leaving.cookie });
    expect(res.statusCode, res.body).toBe(204);
    expect(await s3.keys(`tip-photos/${leaving.id}/`)).toEqual([]);
    expect(await s3.keys(`tip-photos/${member.id}/`)).toEqual(before); // no one else's
  });

  it('answers 503 while the bucket is down, keeps nothing half done, and works again once it is back', async () => {
    const served = await uploadOne(member.cookie);
    const shown = await t.call('POST', '/api/tips', { cookie: member.cookie, body: tipBody([await uploadOne(member.cookie)]) });
    expect(shown.statusCode, shown.body).toBe(201);
    const shownId = shown.json<{ id: string }>().id;
    const keysBefore = await s3.keys();
    const tipsBefore = await t.db.$count(tips, eq(tips.userId, member.id));
    await s3.stop();
    try {
      const res = await upload(t, member.cookie, 'tip-photos', [
        { data: await pngImage(), filename: 'a.png', contentType: 'image/png' },
      ]);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, message: TEXTS.storageUnavailable, code: STORAGE_UNAVAILABLE_CODE });

      // A tip naming an upload cannot be checked against the bucket either: 503, no row.
      const tip = await t.call('POST', '/api/tips', { cookie: member.cookie, body: tipBody([served]) });
      expect(tip.statusCode).toBe(503);
      expect(await t.db.$count(tips, eq(tips.userId, member.id))).toBe(tipsBefore);

      const read = await t.call('GET', served, { cookie: member.cookie });
      expect(read.statusCode).toBe(503);
      expect(read.json()).toMatchObject({ code: STORAGE_UNAVAILABLE_CODE });

      const ready = await t.call('GET', '/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: 'ok', storage: 'unreachable' } });

      // Nothing else depends on the bucket: the tips list and a tip with photos still answer.
      expect((await t.call('GET', '/api/explore', { cookie: member.cookie })).statusCode).toBe(200);
      expect((await t.call('GET', `/api/tips/${shownId}`, { cookie: other.cookie })).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    expect(await s3.keys()).toEqual(keysBefore);
    await expect.poll(async () => (await t.call('GET', '/api/ready')).statusCode, { timeout: 10_000 }).toBe(200);
    const again = await uploadOne(member.cookie);
    expect((await t.call('GET', again, { cookie: member.cookie })).statusCode).toBe(200);
    expect((await t.call('GET', served, { cookie: member.cookie })).statusCode).toBe(200);
  });
});
