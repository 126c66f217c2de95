/**
 * Issue 37: a backup taken while members write, restored into the other database (the move from
 * the embedded database to PostgreSQL, photos into the bucket, and back): members sign in with
 * their passwords, two-factor and passkeys; content, likes, connections, notifications and photos
 * are all there; row counts equal the backup's and every counter its recount (ADR 119).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@db/client';
import { createDatabase, databaseUrl, dropDatabase } from '@db/pg-admin';
import { executeRows } from '@db/rows';
import { loadConfig } from '@server/config/env';
import { checkInvariants } from '@server-test/faults/invariants';
import { addPasskey, passkeySignIn } from '@server-test/passkey-ceremonies';
import { type TestS3, startTestS3 } from '@server-test/s3-server';
import { type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';
import { testGazetteer } from '@server-test/test-gazetteer';
import { enableTwoFactor, startTwoFactorSignIn, totpCode } from '@server-test/two-factor';
import { seedDemoData } from '../../../../scripts/demo-data';
import { uploadTipPhotos } from '@server-test/test-uploads';
import type { BackupManifest } from './backup-archive';
import { embeddedDataDir, siteStorage } from './backup-source';
import { restoreBackup } from './restore-backup';
import { takeBackup } from './take-backup';

const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';
const adminUrl = process.env.TEST_DATABASE_URL;
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let source: TestApp;
let restored: TestApp;
let restoredDatabase: DatabaseHandle;
let s3: TestS3;
let manifest: BackupManifest;
const work = mkdtempSync(path.join(os.tmpdir(), 'waymark-backup-'));
const file = path.join(work, 'site.waymark-backup.zip');
const targetDir = path.join(work, 'target');
let targetDatabase: string | undefined;

let alice: Member;
let bob: Member;
let aliceSecret: string;
let bobPasskey: Awaited<ReturnType<typeof addPasskey>>['credential'];
let tipId: string;
let photoUrl: string;

/** What members see, read the same way on the site and on its restored copy. */
async function views(t: TestApp, cookies: { alice: string; bob: string }) {
  const read = async (url: string, cookie: string) => {
    const res = await t.call('GET', url, { cookie });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<unknown>();
  };
  return {
    tip: await read(`/api/tips/${tipId}`, cookies.bob),
    explore: await read('/api/explore', cookies.bob),
    connections: await read('/api/connections', cookies.bob),
    notifications: await read('/api/notifications', cookies.alice),
  };
}

beforeAll(async () => {
  s3 = await startTestS3('restored-photos');
  source = await createTestApp();
  expect(await seedDemoData(source.db, testGazetteer)).toBe(true);
  alice = await source.createMember('user', 'Alice Archive');
  bob = await source.createMember('user', 'Bob Backup');
  aliceSecret = (await enableTwoFactor(source, alice)).secret;
  bobPasskey = (await addPasskey(source, bob.cookie, 'Laptop')).credential;
  [photoUrl = ''] = await uploadTipPhotos(source, alice.cookie);
  const tip = await source.call('POST', '/api/tips', {
    cookie: alice.cookie,
    body: {
      title: 'Tiles of Porto',
      country: 'Portugal',
      city: 'Porto',
      description: 'Azulejos everywhere.',
      photoUrls: [photoUrl],
    },
  });
  expect(tip.statusCode, tip.body).toBe(201);
  tipId = tip.json<{ id: string }>().id;
  expect(
    (await source.call('POST', '/api/likes/toggle', { cookie: bob.cookie, body: { contentType: 'tip', contentId: tipId } }))
      .statusCode,
  ).toBe(200);
  const asked = await source.call('POST', '/api/connections', { cookie: bob.cookie, body: { addresseeId: alice.id } });
  expect(asked.statusCode, asked.body).toBe(201);
  const accepted = await source.call('POST', `/api/connections/${asked.json<{ id: string }>().id}/accept`, {
    cookie: alice.cookie,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await restored?.close();
  await restoredDatabase?.close();
  await source?.close();
  await s3?.close();
  if (targetDatabase && adminUrl) await dropDatabase(adminUrl, targetDatabase);
  rmSync(work, { recursive: true, force: true });
});

describe('a backup taken while members write, restored into the other database', () => {
  let before: Awaited<ReturnType<typeof views>>;

  it('takes one consistent archive while likes come and go, readable by its owner only', async () => {
    before = await views(source, { alice: alice.cookie, bob: bob.cookie });
    const demoTips = await executeRows<{ id: string }>(source.db, sql`select id from tips where title <> 'Tiles of Porto'`);
    let isBackingUp = true;
    let toggles = 0;
    // Likes toggled during the backup: a snapshot keeps each tip's likes_count equal to its likes rows.
    const writes = (async () => {
      while (isBackingUp) {
        for (const { id } of demoTips) {
          const res = await source.call('POST', '/api/likes/toggle', {
            cookie: alice.cookie,
            body: { contentType: 'tip', contentId: id },
          });
          expect(res.statusCode).toBe(200);
          toggles += 1;
        }
      }
    })();
    try {
      manifest = await takeBackup({
        settings: source.config,
        file,
        source: { database: source.database, storage: siteStorage(source.config) },
      });
    } finally {
      isBackingUp = false;
      await writes;
    }
    expect(toggles).toBeGreaterThan(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(manifest.missingPhotos).toEqual([]);
    // The photo and its variants.
    expect(
      manifest.files.filter((f) =>
        photoUrl.endsWith(
          f.key
            .split('/')
            .pop()!
            .replace(/\.(thumb|mid)\.webp$/, '.webp'),
        ),
      ),
    ).toHaveLength(3);
    expect(manifest.tables.find((t) => t.name === 'users')?.rows).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it('refuses to write over an existing file', async () => {
    await expect(
      takeBackup({ settings: source.config, file, source: { database: source.database, storage: siteStorage(source.config) } }),
    ).rejects.toThrow('exists already');
  });

  it('takes the backup again when a photo went while copying, and lists one lost before', async () => {
    const storage = siteStorage(source.config);
    let hidden = 0;
    const flaky: typeof storage = {
      ...storage,
      // The first attempt finds the photo gone, as when it is deleted between the snapshot and the copy.
      open: async (ref) => (ref.file === photoUrl.split('/').pop() && hidden++ === 0 ? null : storage.open(ref)),
    };
    const lines: string[] = [];
    const again = await takeBackup({
      settings: source.config,
      file: path.join(work, 'again.zip'),
      source: { database: source.database, storage: flaky },
      print: (line) => lines.push(line),
    });
    expect(lines).toContain('photos deleted while copying: 1; taking the backup again');
    expect(again.missingPhotos).toEqual([]);
    const lost: typeof storage = {
      ...storage,
      open: async (ref) => (ref.file === photoUrl.split('/').pop() ? null : storage.open(ref)),
    };
    const listed = await takeBackup({
      settings: source.config,
      file: path.join(work, 'lost.zip'),
      source: { database: source.database, storage: lost },
    });
    expect(listed.missingPhotos).toEqual([photoUrl]);
  });

  it('restores into an empty database and store of the other kind', async () => {
    let env: NodeJS.ProcessEnv = { DATA_DIR: targetDir };
    if (!onPostgres && adminUrl) {
      // The move: embedded database and local photos to PostgreSQL and the bucket.
      targetDatabase = `waymark_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
      await createDatabase(adminUrl, targetDatabase);
      env = { ...env, DATABASE_URL: databaseUrl(adminUrl, targetDatabase), ...s3.env };
    } else if (!onPostgres) {
      env = { ...env, ...s3.env };
    }
    const settings = loadConfig({ NODE_ENV: 'test', ...env });
    const done = await restoreBackup({ settings, file });
    expect(done.tables.length).toBe(manifest.tables.length);

    restoredDatabase = settings.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: settings.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: embeddedDataDir(targetDir) });
    for (const table of manifest.tables) {
      const [row] = await executeRows<{ n: number }>(
        restoredDatabase.db,
        sql.raw(`select count(*)::int as n from "${table.name}"`),
      );
      expect(row?.n, table.name).toBe(table.rows);
    }
    const { violations } = await checkInvariants((text) => executeRows(restoredDatabase.db, sql.raw(text)));
    expect(violations).toEqual([]);
    restored = await createTestApp({ sharedDatabase: restoredDatabase, env });
  }, 180_000);

  it('lets members sign in with their passwords, two-factor codes and passkeys', async () => {
    for (const email of ['maya@demo.waymark', 'tomas@demo.waymark', 'aiko@demo.waymark']) {
      await expect(restored.signIn(email, 'waymark-demo')).resolves.toContain('session_token');
    }
    const challenge = await startTwoFactorSignIn(restored, alice);
    // The current code was spent turning two-factor on, and the copy remembers it: the next one.
    const coded = await restored.call('POST', '/api/auth/sign-in/two-factor', {
      body: { code: totpCode(aliceSecret, 1) },
      headers: { cookie: challenge },
    });
    expect(coded.statusCode, coded.body).toBe(200);
    const { res } = await passkeySignIn(restored, bobPasskey);
    expect(res.statusCode, res.body).toBe(200);
    const wrong = await restored.call('POST', '/api/auth/sign-in', { body: { email: bob.email, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    // Sessions were backed up too: the cookies of the site still open the restored copy.
    const after = await views(restored, { alice: sessionCookie(coded), bob: sessionCookie(res) });
    const likesOf = (v: typeof before) => (v.tip as { likesCount: number }).likesCount;
    expect(likesOf(after)).toBe(likesOf(before));
    expect(after.tip).toEqual(before.tip);
    expect(after.connections).toEqual(before.connections);
    expect((after.notifications as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });

  it('serves the photos, byte for byte', async () => {
    const original = await source.call('GET', photoUrl, { cookie: bob.cookie });
    const copy = await restored.call('GET', photoUrl, { cookie: bob.cookie });
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);
    if (!onPostgres) expect(await s3.keys()).toContain(photoUrl.replace('/api/media/', ''));
  });

  it('refuses a target that is not empty', async () => {
    const env = restored.config.databaseUrl ? { DATABASE_URL: restored.config.databaseUrl } : {};
    const settings = loadConfig({ NODE_ENV: 'test', DATA_DIR: targetDir, ...env });
    await expect(restoreBackup({ settings, file })).rejects.toThrow(/already (holds|has)/);
  });
});
