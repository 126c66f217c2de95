/**
 * `npm run backup -- FILE` (ADR 119): every table read in one snapshot, then every photo file
 * that snapshot names, into one zip written beside FILE and renamed to it when complete.
 *
 * Photos are written before the rows that name them and deleted after (ADR 116), so a file the
 * snapshot names is there, unless it was deleted after the snapshot, with its row. Then the whole
 * backup is taken again; a file still missing after that was lost before, and is listed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { link, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { variantNames } from '@common/media-url';
import type { DatabaseHandle, Executor } from '@db/client';
import { createZipWriter } from '@server/lib/zip-writer';
import { type MediaStorage, parseMediaUrl } from '@server/modules/media/media-storage';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  MANIFEST_ENTRY,
  README_ENTRY,
  README_TEXT,
  fileEntry,
  tableEntry,
} from './backup-archive';
import { type TableShape, appliedMigrations, namedPhotoUrls, tableRows, tableShapes } from './backup.repository';
import { type SiteSettings, openBackupSource, siteStorage } from './backup-source';

const PAGE_ROWS = 2_000;
const ATTEMPTS = 3;

export interface BackupOptions {
  settings: SiteSettings;
  file: string;
  print?: (line: string) => void;
  /** For tests: the database and store to read instead of the site's. */
  source?: { database: DatabaseHandle; storage: MediaStorage };
}

export async function takeBackup(opts: BackupOptions): Promise<BackupManifest> {
  const file = path.resolve(opts.file);
  const print = opts.print ?? (() => undefined);
  if (existsSync(file)) throw new Error(`${file} exists already: name a new file.`);
  const database = opts.source?.database ?? (await openBackupSource(opts.settings));
  const storage = opts.source?.storage ?? siteStorage(opts.settings);
  try {
    for (let attempt = 1; ; attempt++) {
      const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
      try {
        const manifest = await writeArchive(database, storage, opts.settings, partial, print);
        if (manifest.missingPhotos.length > 0 && attempt < ATTEMPTS) {
          print(`photos deleted while copying: ${manifest.missingPhotos.length}; taking the backup again`);
          continue;
        }
        // link, not rename: it refuses to replace a file that appeared meanwhile.
        await link(partial, file);
        return manifest;
      } finally {
        await rm(partial, { force: true });
      }
    }
  } finally {
    if (!opts.source) await database.close();
  }
}

async function writeArchive(
  database: DatabaseHandle,
  storage: MediaStorage,
  settings: SiteSettings,
  partial: string,
  print: (line: string) => void,
): Promise<BackupManifest> {
  const zip = createZipWriter(new AbortController().signal, new Date());
  // Only the operator's account may read it (it holds password hashes).
  const written = pipeline(zip.output, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  written.catch(() => undefined);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    source: { database: database.kind, photos: settings.s3 ? 's3' : 'disk' },
    migrations: [],
    tables: [],
    files: [],
    missingPhotos: [],
  };
  const add: AddEntry = (name, source, options) => zip.add(name, source, options);
  try {
    await add(README_ENTRY, README_TEXT);
    const photoUrls = await database.db.transaction(
      async (tx) => {
        manifest.migrations = (await appliedMigrations(tx)).map((m) => m.hash);
        for (const table of await tableShapes(tx)) {
          manifest.tables.push(await addTable(add, tx, table));
          print(`${table.name}: ${manifest.tables.at(-1)?.rows} rows`);
        }
        return namedPhotoUrls(tx);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await addPhotos(add, storage, photoUrls, manifest);
    print(`${manifest.files.length} photo files`);
    await add(MANIFEST_ENTRY, JSON.stringify(manifest, null, 1));
    zip.finish();
    await written;
    return manifest;
  } catch (error) {
    zip.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

type AddEntry = (name: string, source: Readable | Buffer | string, options?: { store?: boolean }) => Promise<void>;

async function addTable(add: AddEntry, tx: Executor, table: TableShape): Promise<BackupManifest['tables'][number]> {
  const hash = createHash('sha256');
  let rows = 0;
  async function* lines() {
    for await (const page of tableRows(tx, table, PAGE_ROWS)) {
      const text = Buffer.from(page.map((row) => `${row}\n`).join(''));
      hash.update(text);
      rows += page.length;
      yield text;
    }
  }
  await add(tableEntry(table.name), Readable.from(lines()));
  return { name: table.name, columns: table.columns, rows, sha256: hash.digest('hex') };
}

async function addPhotos(add: AddEntry, storage: MediaStorage, urls: readonly string[], manifest: BackupManifest) {
  for (const url of urls) {
    const ref = parseMediaUrl(url);
    if (!ref) continue;
    for (const file of [ref.file, ...variantNames(ref.file)]) {
      const opened = await storage.open({ ...ref, file });
      if (!opened) {
        // A variant is optional (photos stored before variants existed have none).
        if (file === ref.file) manifest.missingPhotos.push(url);
        continue;
      }
      const body = await buffer(opened.stream);
      const key = `${ref.bucket}/${ref.userId}/${file}`;
      // WebP is compressed already: stored, not deflated again.
      await add(fileEntry(key), body, { store: true });
      manifest.files.push({ key, size: body.length, sha256: createHash('sha256').update(body).digest('hex') });
    }
  }
}
