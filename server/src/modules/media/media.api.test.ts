import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { midUrl, thumbnailUrl } from '@common/media-url';
import { GUIDE_TEXTS } from '@common/schemas/guide';
import { TIP_TEXTS } from '@common/schemas/tip';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { MEDIA_TEXTS } from './media.errors';
import { parseMediaUrl } from './media-storage';
import { jpegWithGps, pngImage, upload } from '@server-test/test-uploads';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('photo uploads and media', () => {
  let t: TestApp;
  let member: Member;
  let other: Member;
  let pending: Member;

  const fileOf = (url: string) => {
    const ref = parseMediaUrl(url);
    if (!ref) throw new Error(`not a media url: ${url}`);
    return path.join(t.config.dataDir, 'uploads', ref.bucket, ref.userId, ref.file);
  };
  const userDir = (bucket: string, userId: string) => path.join(t.config.dataDir, 'uploads', bucket, userId);
  const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

  beforeAll(async () => {
    t = await createTestApp();
    member = await t.createMember('user', 'Uma Uploader');
    other = await t.createMember('user', 'Otto Other');
    pending = await t.createMember('pending');
  });
  afterAll(() => t.close());

  it('stores a JPEG as WebP without EXIF or GPS, upright, under the user folder', async () => {
    const jpeg = await jpegWithGps(64, 48);
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag
    expect(before.orientation).toBe(6);

    const res = await upload(t, member.cookie, 'tip-photos', [{ data: jpeg }]);
    expect(res.statusCode).toBe(201);
    const { urls } = res.json<{ urls: string[] }>();
    expect(urls).toHaveLength(1);
    const url = urls[0] ?? '';
    expect(url).toMatch(new RegExp(`^/api/media/tip-photos/${member.id}/\\d+-0-[0-9a-f]{12}\\.webp$`));

    const stored = await sharp(fileOf(url)).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([48, 64]); // orientation 6 applied
  });

  it('accepts PNG and WebP, several at once, in order, and caps the longest side at 2048', async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const res = await upload(t, member.cookie, 'guide-photos', [
      { data: big, filename: 'big.png', contentType: 'image/png' },
      { data: webp, filename: 'x.webp', contentType: 'image/webp' },
    ]);
    expect(res.statusCode).toBe(201);
    const [first, second] = res.json<{ urls: string[] }>().urls;
    expect(first).toMatch(/^\/api\/media\/guide-photos\/.+-0-.+\.webp$/);
    expect(second).toMatch(/-1-[0-9a-f]{12}\.webp$/);
    const meta = await sharp(fileOf(first ?? '')).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 683]);
    const small = await sharp(fileOf(second ?? '')).metadata();
    expect([small.width, small.height]).toEqual([10, 10]); // never enlarged
  });

  it('refuses a text file named .jpg with 415 and writes nothing', async () => {
    const res = await upload(t, other.cookie, 'tip-photos', [{ data: Buffer.from('hello, not an image'), filename: 'cat.jpg' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MEDIA_TEXTS.notAnImage);
    expect(filesIn(userDir('tip-photos', other.id))).toEqual([]);
  });

  it('refuses a GIF (decodable, but not an accepted format) with 415', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await upload(t, other.cookie, 'tip-photos', [{ data: gif, filename: 'a.gif', contentType: 'image/gif' }]);
    expect(res.statusCode).toBe(415);
  });

  it('a batch with one bad file stores none of them', async () => {
    const png = await pngImage();
    const res = await upload(t, other.cookie, 'guide-photos', [
      { data: png, filename: 'a.png' },
      { data: png, filename: 'b.png' },
      { data: Buffer.from('%PDF-1.4 nope'), filename: 'c.jpg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(filesIn(userDir('guide-photos', other.id))).toEqual([]);
  });

  it('refuses a 17 MB upload with 413 before decoding it', async () => {
    const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(17 * 1024 * 1024)]);
    const res = await upload(t, other.cookie, 'tip-photos', [{ data, filename: 'huge.jpg' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MEDIA_TEXTS.tooLarge);
    expect(filesIn(userDir('tip-photos', other.id))).toEqual([]);
  });

  it('takes at most 5 tip photos and 10 guide photos per request', async () => {
    const png = await pngImage(4, 4);
    const six = Array.from({ length: 6 }, () => ({ data: png, filename: 'p.png' }));
    const tipRes = await upload(t, other.cookie, 'tip-photos', six);
    expect(tipRes.statusCode).toBe(400);
    expect(tipRes.json().message).toBe(TIP_TEXTS.tooManyPhotos);

    const eleven = Array.from({ length: 11 }, () => ({ data: png, filename: 'p.png' }));
    const guideRes = await upload(t, other.cookie, 'guide-photos', eleven);
    expect(guideRes.statusCode).toBe(400);
    expect(guideRes.json().message).toBe(GUIDE_TEXTS.tooManyPhotos);
    expect(filesIn(userDir('tip-photos', other.id))).toEqual([]);
    expect(filesIn(userDir('guide-photos', other.id))).toEqual([]);
  });

  it('refuses an empty or non-multipart request and a file in another field', async () => {
    const empty = await upload(t, other.cookie, 'tip-photos', []);
    expect(empty.statusCode).toBe(400);
    const json = await t.call('POST', '/api/uploads/tip-photos', { cookie: other.cookie, body: { photos: [] } });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload(t, other.cookie, 'tip-photos', [{ data: await pngImage(), field: 'avatar' }]);
    expect(wrongField.statusCode).toBe(400);
  });

  it('requires a member: 401 anonymous, 403 pending; and the CSRF header', async () => {
    const png = await pngImage();
    expect((await upload(t, '', 'tip-photos', [{ data: png }])).statusCode).toBe(401);
    expect((await upload(t, pending.cookie, 'tip-photos', [{ data: png }])).statusCode).toBe(403);
    const { body, headers } = (await import('@server-test/test-uploads')).multipart([{ data: png }]);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/tip-photos',
      payload: body,
      headers: { ...headers, cookie: member.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('serves an upload to members with caching and nosniff headers', async () => {
    const res = await upload(t, member.cookie, 'tip-photos', [{ data: await pngImage() }]);
    const url = res.json<{ urls: string[] }>().urls[0] ?? '';
    // Until a record shows it, only its uploader may fetch it (ADR 085).
    expect((await t.call('GET', url, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/tips', { cookie: member.cookie, body: tipBody([url]) })).statusCode).toBe(201);

    const got = await t.call('GET', url, { cookie: other.cookie });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(got.rawPayload).metadata()).format).toBe('webp');

    expect((await t.call('GET', url)).statusCode).toBe(401);
    expect((await t.call('GET', url, { cookie: pending.cookie })).statusCode).toBe(403);
  });

  it('answers 404 for a missing file and 400/404 for every path trick, never a file outside', async () => {
    const missing = await t.call('GET', `/api/media/tip-photos/${member.id}/123-0-abcdef012345.webp`, { cookie: member.cookie });
    expect(missing.statusCode).toBe(404);
    const tricks = [
      `/api/media/tip-photos/${member.id}/..%2f..%2f..%2fetc%2fpasswd`,
      `/api/media/tip-photos/..%2f..%2f/x.webp`,
      `/api/media/tip-photos/not-a-uuid/x.webp`,
      `/api/media/..%2f..%2fdb/${member.id}/x.webp`,
      `/api/media/other-bucket/${member.id}/x.webp`,
      `/api/media/tip-photos/${member.id}/x.png`,
      `/api/media/tip-photos/${member.id}/.hidden.webp`,
      `/api/media/tip-photos/${member.id}/..%2F..%2F..%2F..%2Fpackage.json`,
      `/api/media/tip-photos/${member.id.toUpperCase()}/x.webp`,
      `/api/media/tip-photos/${randomUUID()}/%2e%2e.webp`,
      `/api/media/tip-photos/${member.id}/a%00.webp`,
    ];
    for (const url of tricks) {
      const res = await t.call('GET', url, { cookie: member.cookie });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).not.toBe('image/webp');
    }
  });

  it('stores a thumbnail (480 px) and a mid-size copy (1024 px) beside each photo, serves them, and deletes them with the tip', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#08f' } })
      .jpeg()
      .toBuffer();
    const small = await pngImage(100, 60);
    const res = await upload(t, member.cookie, 'tip-photos', [
      { data: wide },
      { data: small, filename: 's.png', contentType: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    const urls = res.json<{ urls: string[] }>().urls;
    expect(urls.every((url) => !url.includes('.thumb.') && !url.includes('.mid.'))).toBe(true); // the API returns originals
    const [big = '', little = ''] = urls;

    const size = async (url: string) => {
      const meta = await sharp(fileOf(url)).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await size(big)).toEqual(['webp', 2048, 683]);
    expect(await size(thumbnailUrl(big))).toEqual(['webp', 480, 160]);
    expect(await size(midUrl(big))).toEqual(['webp', 1024, 342]); // from the 2048 x 683 original
    // Never enlarged.
    expect(await size(thumbnailUrl(little))).toEqual(['webp', 100, 60]);
    expect(await size(midUrl(little))).toEqual(['webp', 100, 60]);

    for (const [variantOf, width] of [
      [thumbnailUrl, 480],
      [midUrl, 1024],
    ] as const) {
      const served = await t.call('GET', variantOf(big), { cookie: member.cookie });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
      // A variant's URL is not an upload: it cannot be a tip's photo.
      const asPhoto = await t.call('POST', '/api/tips', { cookie: member.cookie, body: tipBody([variantOf(big)]) });
      expect(asPhoto.statusCode).toBe(400);
    }

    const tip = await t.call('POST', '/api/tips', { cookie: member.cookie, body: tipBody(urls) });
    expect(tip.statusCode).toBe(201);
    expect(tip.json<{ photoUrls: string[] }>().photoUrls).toEqual(urls);
    expect((await t.call('DELETE', `/api/tips/${tip.json<{ id: string }>().id}`, { cookie: member.cookie })).statusCode).toBe(
      204,
    );
    for (const url of urls) {
      expect(existsSync(fileOf(url))).toBe(false);
      expect(existsSync(fileOf(thumbnailUrl(url)))).toBe(false);
      expect(existsSync(fileOf(midUrl(url)))).toBe(false);
    }
  });

  it('serves the original for a photo without variants (uploaded before they existed)', async () => {
    const res = await upload(t, member.cookie, 'guide-photos', [{ data: await pngImage(600, 300) }]);
    const [url = ''] = res.json<{ urls: string[] }>().urls;
    unlinkSync(fileOf(thumbnailUrl(url)));
    unlinkSync(fileOf(midUrl(url)));

    for (const variantUrl of [thumbnailUrl(url), midUrl(url)]) {
      const got = await t.call('GET', variantUrl, { cookie: member.cookie });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(got.headers['cache-control']).toBe('private, max-age=86400');
      expect((await sharp(got.rawPayload).metadata()).width).toBe(600);
    }
    const absent = `/api/media/guide-photos/${member.id}/1-0-abcdef012345.webp`;
    for (const variantUrl of [thumbnailUrl(absent), midUrl(absent)]) {
      expect((await t.call('GET', variantUrl, { cookie: member.cookie })).statusCode).toBe(404);
    }
  });
});

function tipBody(photoUrls: string[]) {
  return { title: 'Thumbnail tip', description: 'A tip with photos.', city: 'Lisbon', country: 'Portugal', photoUrls };
}
