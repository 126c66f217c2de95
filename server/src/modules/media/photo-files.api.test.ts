/**
 * One rule for photo files (ADR 041): a file is deleted only when no tip, guide or profile
 * references it, whichever kind of record stopped using it. Records are written straight into
 * the database where a route would refuse them (another kind's photo), to reach every pairing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@common/schemas/profile';
import { profiles } from '@db/schema';
import { insertGuide, insertTip, writeUpload } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { createMediaStorage } from './media-storage';
import { removeUnreferencedPhotos } from './photo-files';
import { multipart, pngImage } from '@server-test/test-uploads';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let ana: Member;
let ben: Member;

beforeAll(async () => {
  t = await createTestApp();
  ana = await t.createMember('user', 'Ana Author');
  ben = await t.createMember('user', 'Ben Other');
});
afterAll(() => t?.close());

function fileOf(url: string): string {
  const [, , , bucket = '', userId = '', file = ''] = url.split('/');
  return path.join(t.config.dataDir, 'uploads', bucket, userId, file);
}

const setPicture = (userId: string, url: string | null) =>
  t.db.update(profiles).set({ profilePictureUrl: url }).where(eq(profiles.userId, userId));

describe('removeUnreferencedPhotos', () => {
  it('keeps a file a tip, a guide or a profile references, and deletes the one nothing references', async () => {
    const [byTip, byGuide, byProfile, unused] = ['tip-photos', 'guide-photos', 'avatars', 'tip-photos'].map((bucket) =>
      writeUpload(t.config.dataDir, bucket, ana.id),
    ) as [string, string, string, string];
    await insertTip(t.db, ben.id, { photoUrls: [byTip] });
    await insertGuide(t.db, ben.id, { photoUrls: [byGuide] });
    await setPicture(ben.id, byProfile);

    await removeUnreferencedPhotos({ db: t.db, storage: createMediaStorage(t.config.dataDir) }, [
      byTip,
      byGuide,
      byProfile,
      unused,
      unused,
    ]);

    expect([byTip, byGuide, byProfile].map((url) => existsSync(fileOf(url)))).toEqual([true, true, true]);
    expect(existsSync(fileOf(unused))).toBe(false);
    await setPicture(ben.id, null);
  });

  it('logs a failure and leaves the files, never throws', async () => {
    const url = writeUpload(t.config.dataDir, 'tip-photos', ana.id);
    const warnings: unknown[] = [];
    const storage = { deleteByUrls: () => Promise.reject(new Error('disk gone')) };
    await removeUnreferencedPhotos({ db: t.db, storage, log: { warn: (o: unknown) => warnings.push(o) } }, [url]);
    expect(warnings).toHaveLength(1);
    expect(existsSync(fileOf(url))).toBe(true);
  });
});

describe('every way a record lets go of a photo follows it', () => {
  it('deleting a guide keeps its photo a tip still shows (guides used to check guides only)', async () => {
    const [shared, own] = [1, 2].map(() => writeUpload(t.config.dataDir, 'guide-photos', ana.id)) as [string, string];
    const guide = await insertGuide(t.db, ana.id, { photoUrls: [shared, own] });
    await insertTip(t.db, ana.id, { photoUrls: [shared] });
    expect((await t.call('DELETE', `/api/guides/${guide.id}`, { cookie: ana.cookie })).statusCode).toBe(204);
    expect(existsSync(fileOf(shared))).toBe(true);
    expect(existsSync(fileOf(own))).toBe(false);
  });

  it("editing a guide keeps a dropped photo that is someone's profile picture", async () => {
    const [kept, dropped] = [1, 2].map(() => writeUpload(t.config.dataDir, 'guide-photos', ana.id)) as [string, string];
    const guide = await insertGuide(t.db, ana.id, { photoUrls: [kept, dropped] });
    await setPicture(ben.id, dropped);
    const body = {
      title: 'Edited',
      location: 'Porto',
      countries: ['Portugal'],
      daysCount: 1,
      isPrivate: false,
      photoUrls: [kept],
      items: [],
    };
    const res = await t.call('PUT', `/api/guides/${guide.id}`, { cookie: ana.cookie, body });
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(fileOf(dropped))).toBe(true);
    await setPicture(ben.id, null);
  });

  it('deleting a tip keeps its photo a guide still shows, and removes the one nothing shows', async () => {
    const [shared, own] = [1, 2].map(() => writeUpload(t.config.dataDir, 'tip-photos', ana.id)) as [string, string];
    const tip = await insertTip(t.db, ana.id, { photoUrls: [shared, own] });
    await insertGuide(t.db, ana.id, { photoUrls: [shared] });
    expect((await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: ana.cookie })).statusCode).toBe(204);
    expect(existsSync(fileOf(shared))).toBe(true);
    expect(existsSync(fileOf(own))).toBe(false);
  });

  it('a new profile picture keeps the old one while a tip shows it; the last record letting go removes it', async () => {
    const upload = async () => {
      const { body, headers } = multipart([
        { data: await pngImage(), filename: 'me.png', contentType: 'image/png', field: 'avatar' },
      ]);
      const res = await t.call('POST', '/api/profiles/me/avatar', { cookie: ana.cookie, body, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Profile>().profilePictureUrl!;
    };
    const first = await upload();
    const tip = await insertTip(t.db, ben.id, { photoUrls: [first] });
    const second = await upload();
    expect(existsSync(fileOf(first))).toBe(true);
    expect((await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: ben.cookie })).statusCode).toBe(204);
    expect(existsSync(fileOf(first))).toBe(false);
    await upload();
    expect(existsSync(fileOf(second))).toBe(false);
  });
});
