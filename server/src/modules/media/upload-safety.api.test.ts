/**
 * Content safety of uploads (issue 6): bombs, SVG, empty files and polyglots through the real
 * routes, and no client-supplied name or path ever reaching the disk.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { midUrl, thumbnailUrl } from '@common/media-url';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { MEDIA_TEXTS } from './media.errors';
import { parseMediaUrl } from './media-storage';
import {
  SVG_WITH_SCRIPT,
  gifWithComment,
  jpegDeclaring,
  jpegWithComment,
  jpegWithTrailer,
  pngBomb,
  pngWithText,
  webpDeclaring,
  zipArchive,
} from '@server-test/test-hostile-images';
import { multipart, pngImage, upload } from '@server-test/test-uploads';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
const PAYLOAD = '<script>alert(document.cookie)</script>';

/** Every file under `dir`, relative to it. */
function tree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('upload content safety', () => {
  let t: TestApp;
  let member: Member;
  const uploads = () => path.join(t.config.dataDir, 'uploads');
  const fileOf = (url: string) => {
    const ref = parseMediaUrl(url);
    if (!ref) throw new Error(`not a media url: ${url}`);
    return path.join(uploads(), ref.bucket, ref.userId, ref.file);
  };

  beforeAll(async () => {
    t = await createTestApp();
    member = await t.createMember('user', 'Sam Safety');
  });
  afterAll(() => t.close());

  it('refuses decompression bombs with 415 and the megapixel message, storing nothing', async () => {
    const before = tree(t.config.dataDir);
    const bombs = [
      { data: pngBomb(20_000, 20_000), filename: 'bomb.png', contentType: 'image/png' },
      { data: pngBomb(100_000, 100_000, 10), filename: 'bomb.png', contentType: 'image/png' },
      { data: await jpegDeclaring(65_000, 65_000), filename: 'bomb.jpg' },
      { data: await webpDeclaring(16_383, 16_383), filename: 'bomb.webp', contentType: 'image/webp' },
    ];
    for (const bomb of bombs) {
      const res = await upload(t, member.cookie, 'tip-photos', [bomb]);
      expect(res.statusCode, bomb.filename).toBe(415);
      expect(res.json().message).toBe(MEDIA_TEXTS.tooManyPixels);
    }
    const gif = await upload(t, member.cookie, 'guide-photos', [
      { data: gifWithComment('x', 65_535, 65_535), filename: 'bomb.gif', contentType: 'image/gif' },
    ]);
    expect(gif.statusCode).toBe(415);
    expect(tree(t.config.dataDir)).toEqual(before);
  });

  it('refuses SVG, also named .jpg and sent as image/jpeg, and a zero-byte file', async () => {
    for (const part of [
      { data: SVG_WITH_SCRIPT, filename: 'cat.jpg', contentType: 'image/jpeg' },
      { data: SVG_WITH_SCRIPT, filename: 'cat.svg', contentType: 'image/svg+xml' },
      { data: gifWithComment(PAYLOAD), filename: 'cat.gif', contentType: 'image/gif' },
    ]) {
      const res = await upload(t, member.cookie, 'tip-photos', [part]);
      expect(res.statusCode, part.filename).toBe(415);
      expect(res.json().message).toBe(MEDIA_TEXTS.notAnImage);
    }
    const empty = await upload(t, member.cookie, 'tip-photos', [{ data: Buffer.alloc(0), filename: 'empty.jpg' }]);
    expect(empty.statusCode).toBe(415);
    expect(empty.json().message).toBe(MEDIA_TEXTS.emptyFile);
    expect(tree(uploads())).toEqual([]);
  });

  it('stores polyglots re-encoded: the file on disk and the served bytes carry no payload', async () => {
    const parts = [
      { data: await jpegWithTrailer(`<html><body>${PAYLOAD}</body></html>`), filename: 'x.html', contentType: 'text/html' },
      { data: await jpegWithComment(PAYLOAD) },
      { data: await pngWithText(PAYLOAD), contentType: 'image/png' },
      { data: Buffer.concat([await pngImage(16, 16), zipArchive('evil.html', PAYLOAD)]), contentType: 'image/png' },
    ];
    for (const part of parts) expect(part.data.includes(PAYLOAD)).toBe(true);
    const res = await upload(t, member.cookie, 'tip-photos', parts);
    expect(res.statusCode).toBe(201);
    const { urls } = res.json<{ urls: string[] }>();
    expect(urls).toHaveLength(parts.length);
    for (const url of urls) {
      const stored = readFileSync(fileOf(url));
      expect((await sharp(stored).metadata()).format).toBe('webp');
      for (const needle of ['<script', '<html', 'alert(', 'PK\x03\x04', 'evil.html'])
        expect(stored.includes(needle), needle).toBe(false);

      const got = await t.call('GET', url, { cookie: member.cookie });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.equals(stored)).toBe(true);
    }
  });

  it('never lets an uploaded file name reach a path', async () => {
    const other = await t.createMember('user', 'Nina Names');
    const names = [
      '../../etc/passwd',
      '..\\..\\x.jpg',
      '%2e%2e/x.jpg',
      '%2e%2e%2f%2e%2e%2fx.jpg',
      '/etc/passwd',
      'C:\\Windows\\win.ini',
      'a\0.jpg',
      '....//....//x.jpg',
      `${'a'.repeat(4000)}.jpg`,
      'photo.webp',
    ];
    const png = await pngImage(8, 8);
    const outside = (name: string) => [
      path.resolve(t.config.dataDir, name),
      path.resolve(uploads(), name),
      path.resolve(os.tmpdir(), path.basename(name)),
    ];
    const existedBefore = names.flatMap(outside).filter((p) => existsSync(p));

    const urls: string[] = [];
    for (const filename of names) {
      const res = await upload(t, other.cookie, 'guide-photos', [{ data: png, filename, contentType: 'image/png' }]);
      expect(res.statusCode, filename).toBe(201);
      urls.push(...res.json<{ urls: string[] }>().urls);
    }
    const avatar = multipart([{ data: png, filename: '../../../avatar.png', field: 'avatar' }]);
    const avatarRes = await t.call('POST', '/api/profiles/me/avatar', { cookie: other.cookie, ...avatar });
    expect(avatarRes.statusCode).toBe(200);
    urls.push(avatarRes.json<{ profilePictureUrl: string }>().profilePictureUrl);

    for (const url of urls)
      expect(url).toMatch(new RegExp(`^/api/media/(guide-photos|avatars)/${other.id}/\\d+-\\d+-[0-9a-f]{12}\\.webp$`));
    // Each guide photo has its thumbnail and mid-size copy beside it (avatars have none).
    const expected = urls
      .flatMap((url) => [...new Set([url, thumbnailUrl(url), midUrl(url)])])
      .map((url) => path.relative(t.config.dataDir, fileOf(url)))
      .sort();
    expect(tree(t.config.dataDir).filter((f) => f.includes(other.id))).toEqual(expected);
    expect(tree(t.config.dataDir).filter((f) => !f.startsWith(`uploads${path.sep}`))).toEqual([]);
    expect(names.flatMap(outside).filter((p) => existsSync(p))).toEqual(existedBefore);
  });

  it('answers 400, 404 or 414 to every path trick on GET /api/media, never another file', async () => {
    const [url = ''] = (await upload(t, member.cookie, 'tip-photos', [{ data: await pngImage() }])).json<{ urls: string[] }>()
      .urls;
    const file = path.basename(url);
    const packageJson = readFileSync(path.resolve('package.json'));
    const tricks = [
      `/api/media/guide-photos/${member.id}/${file}`, // a real file under the wrong bucket
      `/api/media/avatars/${member.id}/${file}`,
      `/api/media/tip-photos/${member.id}/..%2f..%2f..%2f..%2fpackage.json`,
      `/api/media/tip-photos/${member.id}/%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json`,
      `/api/media/tip-photos/${member.id}/%252e%252e%252fpackage.json`,
      `/api/media/tip-photos/${member.id}/..%5c..%5cpackage.json`,
      `/api/media/tip-photos/${member.id}/../../../../package.json`,
      `/api/media/tip-photos/${member.id}/%2fetc%2fpasswd`,
      `/api/media/tip-photos/${member.id}/${encodeURIComponent(path.resolve('package.json'))}`,
      `/api/media/tip-photos/${member.id}/${encodeURIComponent(fileOf(url))}`,
      `/api/media/%2fetc/${member.id}/${file}`,
      `/api/media/tip-photos/%2e%2e/${file}`,
      `/api/media/tip-photos/${member.id}/${file}%00.png`,
      `/api/media/tip-photos/${member.id}/${file}/..`,
      `/api/media/${encodeURIComponent(uploads())}/${member.id}/${file}`,
    ];
    for (const trick of tricks) {
      const res = await t.call('GET', trick, { cookie: member.cookie });
      expect([400, 404, 414], trick).toContain(res.statusCode);
      expect(res.headers['content-type'], trick).not.toBe('image/webp');
      expect(res.rawPayload.includes(packageJson.subarray(0, 40)), trick).toBe(false);
    }
    expect((await t.call('GET', url, { cookie: member.cookie })).statusCode).toBe(200);
  });

  it('the avatar route refuses SVG and a bomb the same way', async () => {
    const send = (data: Buffer, filename: string, contentType: string) =>
      t.call('POST', '/api/profiles/me/avatar', {
        cookie: member.cookie,
        ...multipart([{ data, filename, contentType, field: 'avatar' }]),
      });
    const svg = await send(SVG_WITH_SCRIPT, 'me.jpg', 'image/jpeg');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(MEDIA_TEXTS.notAnImage);
    const bomb = await send(pngBomb(20_000, 20_000), 'me.png', 'image/png');
    expect(bomb.statusCode).toBe(415);
    expect(bomb.json().message).toBe(MEDIA_TEXTS.tooManyPixels);
    expect(tree(path.join(uploads(), 'avatars', member.id))).toEqual([]);
  });
});
