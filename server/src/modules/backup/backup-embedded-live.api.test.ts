/**
 * Issue 37: `npm run backup` on the embedded database while the server has it open. PGlite lives
 * inside the server's process, so the command asks the server for a copy through its socket
 * (ADR 119); with no server running it reads the data directory itself. A damaged archive or one
 * from another version is refused before anything is written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@db/client';
import { createZipWriter } from '@server/lib/zip-writer';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { uploadTipPhotos } from '@server-test/test-uploads';
import { MANIFEST_ENTRY, README_ENTRY, tableEntry } from './backup-archive';
import { openBackup } from './backup-reader';
import { embeddedDataDir, openBackupSource } from './backup-source';
import { type LiveDataDirServer, backupSocketPath, serveLiveDataDir } from './live-data-dir';
import { restoreBackup } from './restore-backup';
import { takeBackup } from './take-backup';

const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';
const work = mkdtempSync(path.join(os.tmpdir(), 'waymark-live-'));
const dataDir = path.join(work, 'site');
const settings = { dataDir, databaseUrl: undefined, s3: undefined };

let database: DatabaseHandle;
let t: TestApp;
let live: LiveDataDirServer;
let member: Awaited<ReturnType<TestApp['createMember']>>;

describe.skipIf(onPostgres)('a backup of the embedded database', () => {
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: embeddedDataDir(dataDir) });
    t = await createTestApp({ sharedDatabase: database, env: { DATA_DIR: dataDir } });
    live = await serveLiveDataDir({
      socketPath: backupSocketPath(dataDir),
      dump: () => database.dumpDataDir!(),
      onError: (error) => {
        throw error;
      },
    });
    member = await t.createMember('user', 'Live Member');
    const [photo] = await uploadTipPhotos(t, member.cookie);
    const res = await t.call('POST', '/api/tips', {
      cookie: member.cookie,
      body: { title: 'Live tip', country: 'Portugal', city: 'Lisbon', description: 'Taken while running.', photoUrls: [photo] },
    });
    expect(res.statusCode, res.body).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await live?.close();
    await t?.close();
    await database?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('is taken through the running server while it keeps answering', async () => {
    const file = path.join(work, 'live.zip');
    let answered = 0;
    let isBackingUp = true;
    const reads = (async () => {
      while (isBackingUp) {
        const res = await t.call('GET', '/api/explore', { cookie: member.cookie });
        expect(res.statusCode).toBe(200);
        answered += 1;
        // inject() never waits on a socket: yield as requests arriving over the network would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const manifest = await takeBackup({ settings, file }).finally(() => {
      isBackingUp = false;
    });
    await reads;
    expect(answered).toBeGreaterThan(0);
    expect(manifest.source).toEqual({ database: 'pglite', photos: 'disk' });
    expect(manifest.tables.find((table) => table.name === 'tips')?.rows).toBe(1);
    expect(manifest.files).toHaveLength(3);
    const backup = await openBackup(file);
    const users: string[] = [];
    for await (const line of backup.lines(tableEntry('users'), manifest.tables.find((x) => x.name === 'users')!.sha256))
      users.push(line);
    backup.close();
    expect(users.some((line) => line.includes(member.email))).toBe(true);
  }, 120_000);

  it('refuses a second server on the same data directory', async () => {
    await expect(
      serveLiveDataDir({ socketPath: backupSocketPath(dataDir), dump: () => database.dumpDataDir!(), onError: () => undefined }),
    ).rejects.toThrow('already runs');
  });

  it('refuses a damaged archive before writing anything', async () => {
    const file = path.join(work, 'damaged.zip');
    await takeBackup({ settings, file });
    const bytes = readFileSync(file);
    // Photo files are stored uncompressed: a byte in the middle of the first WebP.
    const riff = bytes.indexOf('RIFF');
    bytes[riff + 40] = (bytes[riff + 40] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
    const target = path.join(work, 'from-damaged');
    await expect(restoreBackup({ settings: { ...settings, dataDir: target }, file })).rejects.toThrow('damaged');
    expect(() => readFileSync(path.join(target, 'pglite', 'PG_VERSION'))).toThrow();
  }, 60_000);

  it('refuses an archive from a version with other migrations', async () => {
    const file = path.join(work, 'older.zip');
    await takeBackup({ settings, file });
    const backup = await openBackup(file);
    const older = { ...backup.manifest, migrations: backup.manifest.migrations.slice(0, -1) };
    backup.close();
    const zip = createZipWriter(new AbortController().signal, new Date());
    const written = pipeline(zip.output, createWriteStream(path.join(work, 'older-edited.zip')));
    await zip.add(README_ENTRY, 'older');
    await zip.add(MANIFEST_ENTRY, JSON.stringify(older));
    zip.finish();
    await written;
    await expect(
      restoreBackup({
        settings: { ...settings, dataDir: path.join(work, 'from-older') },
        file: path.join(work, 'older-edited.zip'),
      }),
    ).rejects.toThrow('Restore it with the version that took it');
  }, 60_000);

  it('reads the data directory itself when no server runs', async () => {
    await live.close();
    await t.close();
    await database.close();
    const file = path.join(work, 'stopped.zip');
    const manifest = await takeBackup({ settings, file });
    expect(manifest.tables.find((table) => table.name === 'tips')?.rows).toBe(1);
    // While the command has the directory open, a server starting there refuses, as it would beside another server.
    const source = await openBackupSource(settings);
    await expect(
      serveLiveDataDir({ socketPath: backupSocketPath(dataDir), dump: () => source.dumpDataDir!(), onError: () => undefined }),
    ).rejects.toThrow('already runs');
    await source.close();
    // The next afterAll closes them again: open ones to close.
    database = await openDatabase({ kind: 'pglite', dataDir: embeddedDataDir(dataDir) });
    t = await createTestApp({ sharedDatabase: database, env: { DATA_DIR: dataDir } });
    live = await serveLiveDataDir({
      socketPath: backupSocketPath(dataDir),
      dump: () => database.dumpDataDir!(),
      onError: () => undefined,
    });
  }, 120_000);
});
