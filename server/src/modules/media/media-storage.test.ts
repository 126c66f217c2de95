import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { midUrl, thumbnailUrl } from '@common/media-url';
import { PhotoUrlSchema } from '@common/schemas/content-fields';
import { createMediaStorage, parseMediaUrl } from './media-storage';

const USER = '0b6f3c1e-8a2d-4c53-9f0e-2d7c8b1a4e5f';
const dir = mkdtempSync(path.join(os.tmpdir(), 'waymark-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('media storage', () => {
  const storage = createMediaStorage(dir);

  it('writes files atomically under uploads/<bucket>/<user>/ and returns schema-valid URLs', async () => {
    const urls = await storage.save('tip-photos', USER, [Buffer.from('a'), Buffer.from('b')]);
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(PhotoUrlSchema.safeParse(url).success).toBe(true);
      expect(storage.isOwnedUpload(url, 'tip-photos', USER)).toBe(true);
      expect(storage.isOwnedUpload(url, 'guide-photos', USER)).toBe(false);
      expect(await storage.exists(url)).toBe(true);
    }
    expect(readdirSync(path.join(dir, 'uploads', 'tip-photos', USER)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    await storage.deleteByUrls([...urls, '/api/media/tip-photos/../../etc/passwd', 'nonsense']);
    for (const url of urls) expect(await storage.exists(url)).toBe(false);
  });

  it('writes variants beside their photos and deletes them together; a variant is no upload', async () => {
    const [withThumb = '', without = ''] = await storage.save(
      'guide-photos',
      USER,
      [Buffer.from('a'), Buffer.from('b')],
      [{ thumb: Buffer.from('t'), mid: Buffer.from('m') }],
    );
    expect(await storage.exists(thumbnailUrl(withThumb))).toBe(true);
    expect(await storage.exists(midUrl(withThumb))).toBe(true);
    expect(await storage.exists(thumbnailUrl(without))).toBe(false);
    expect(await storage.exists(midUrl(without))).toBe(false);
    expect(storage.isOwnedUpload(thumbnailUrl(withThumb), 'guide-photos', USER)).toBe(false);
    expect(storage.isOwnedUpload(midUrl(withThumb), 'guide-photos', USER)).toBe(false);
    await storage.deleteByUrls([withThumb, without]);
    expect(readdirSync(path.join(dir, 'uploads', 'guide-photos', USER))).toEqual([]);
  });

  it('opens a stored file with its size; null for a missing one or a folder', async () => {
    const [url = ''] = await storage.save('avatars', USER, [Buffer.from('picture')]);
    const opened = await storage.open(parseMediaUrl(url)!);
    expect(opened?.size).toBe(7);
    expect((await buffer(opened!.stream)).toString()).toBe('picture');
    expect(await storage.open({ bucket: 'avatars', userId: USER, file: '1-0-abcdef012345.webp' })).toBeNull();
    mkdirSync(path.join(dir, 'uploads', 'avatars', USER, 'folder.webp'));
    expect(await storage.open({ bucket: 'avatars', userId: USER, file: 'folder.webp' })).toBeNull();
  });

  it('deletes a member folder, and nothing for an invalid user id', async () => {
    const other = '1c7a4d2f-9b3e-4d64-8a1f-3e8d9c2b5f60';
    await storage.save('tip-photos', USER, [Buffer.from('mine')]);
    await storage.save('tip-photos', other, [Buffer.from('theirs')]);
    await storage.deleteFolder('tip-photos', USER);
    expect(existsSync(path.join(dir, 'uploads', 'tip-photos', USER))).toBe(false);
    expect(readdirSync(path.join(dir, 'uploads', 'tip-photos', other))).toHaveLength(1);
    await storage.deleteFolder('tip-photos', '..');
    expect(existsSync(path.join(dir, 'uploads', 'tip-photos'))).toBe(true);
  });

  it('parses only strict media URLs', () => {
    expect(parseMediaUrl(`/api/media/tip-photos/${USER}/1-0-abc.webp`)).toEqual({
      bucket: 'tip-photos',
      userId: USER,
      file: '1-0-abc.webp',
    });
    for (const bad of [
      `/api/media/tip-photos/${USER}/../x.webp`,
      `/api/media/tip-photos/${USER}/..`,
      `/api/media/tip-photos/${USER}/.x.webp`,
      `/api/media/secrets/${USER}/x.webp`,
      `/api/media/tip-photos/${USER.toUpperCase()}/x.webp`,
      `/api/media/tip-photos/${USER}/x.jpg`,
      `/api/media/tip-photos/${USER}/a/b.webp`,
      `https://evil.example/api/media/tip-photos/${USER}/x.webp`,
    ]) {
      expect(parseMediaUrl(bad), bad).toBeNull();
    }
  });

  it('refuses to save to an invalid location', async () => {
    await expect(storage.save('tip-photos', '../../etc', [Buffer.from('x')])).rejects.toThrow();
    expect(existsSync(path.join(dir, 'etc'))).toBe(false);
  });
});
