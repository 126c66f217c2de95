/**
 * `npm run restore -- FILE` (ADR 119): into an empty DATA_DIR, or an empty PostgreSQL database
 * (DATABASE_URL) and bucket (S3_*). The same restore moves an embedded site to PostgreSQL.
 *
 * The whole archive is checked first (every entry against its SHA-256 in the manifest), so a
 * damaged file is refused before anything is written. Then photo files, then every table in one
 * transaction: a restore that fails leaves at most files nothing names, never rows without their
 * files or half the tables.
 */
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type DatabaseHandle, openDatabase } from '@db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '@db/migrate';
import { type MediaStorage, validMediaRef } from '@server/modules/media/media-storage';
import { type BackupManifest, fileEntry, tableEntry } from './backup-archive';
import { BackupFileError, type BackupReader, openBackup } from './backup-reader';
import {
  type TableShape,
  emptyTables,
  hasTables,
  insertRows,
  resetSequences,
  setTriggers,
  tableShapes,
} from './backup.repository';
import { type SiteSettings, embeddedDataDir, isEmptyFolder, siteStorage } from './backup-source';

/** Rows sent in one statement, and bytes: a few MB of JSON keeps memory and statement size small. */
const BATCH_ROWS = 1_000;
const BATCH_BYTES = 4 * 1024 * 1024;

export interface RestoreOptions {
  settings: SiteSettings;
  file: string;
  print?: (line: string) => void;
}

export async function restoreBackup(opts: RestoreOptions): Promise<BackupManifest> {
  const print = opts.print ?? (() => undefined);
  const backup = await openBackup(opts.file);
  try {
    assertSameMigrations(backup.manifest);
    print('checking the backup');
    await backup.verify();
    const storage = siteStorage(opts.settings);
    await assertEmptyStorage(storage, opts.settings);
    const database = await openEmptyTarget(opts.settings);
    try {
      await restoreFiles(backup, storage, print);
      await runMigrations(database);
      await restoreTables(backup, database, print);
    } finally {
      await database.close();
    }
    return backup.manifest;
  } finally {
    backup.close();
  }
}

function assertSameMigrations(manifest: BackupManifest) {
  const ours = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.hash);
  const isSame = ours.length === manifest.migrations.length && ours.every((hash, i) => hash === manifest.migrations[i]);
  if (!isSame) {
    throw new BackupFileError(
      `This backup was taken by a Waymark with ${manifest.migrations.length} database migrations; this one has ${ours.length}. ` +
        'Restore it with the version that took it, then upgrade as usual.',
    );
  }
}

async function assertEmptyStorage(storage: MediaStorage, settings: SiteSettings) {
  for await (const photo of storage.list()) {
    void photo;
    const where = settings.s3 ? `the bucket ${settings.s3.bucket}` : `${settings.dataDir}/uploads`;
    throw new BackupFileError(`${where} already holds photos: restore into an empty one.`);
  }
}

async function openEmptyTarget(settings: SiteSettings): Promise<DatabaseHandle> {
  if (!settings.databaseUrl) {
    const dir = embeddedDataDir(settings.dataDir);
    if (!isEmptyFolder(dir)) throw new BackupFileError(`${dir} already holds a database: restore into an empty DATA_DIR.`);
    return openDatabase({ kind: 'pglite', dataDir: dir });
  }
  const database = await openDatabase({ kind: 'postgres', url: settings.databaseUrl, poolSize: 2 });
  if (await hasTables(database.db)) {
    await database.close();
    throw new BackupFileError('The database DATABASE_URL names already has tables: restore into an empty database.');
  }
  return database;
}

async function restoreFiles(backup: BackupReader, storage: MediaStorage, print: (line: string) => void) {
  for (const [index, file] of backup.manifest.files.entries()) {
    const [bucket = '', userId = '', name = '', ...rest] = file.key.split('/');
    const ref = rest.length === 0 ? validMediaRef(bucket, userId, name) : null;
    if (!ref) throw new BackupFileError(`the backup names a photo file Waymark does not make: ${file.key}`);
    await storage.put(ref, await backup.file(fileEntry(file.key), file));
    if ((index + 1) % 500 === 0) print(`${index + 1}/${backup.manifest.files.length} photo files`);
  }
  print(`${backup.manifest.files.length} photo files restored`);
}

async function restoreTables(backup: BackupReader, database: DatabaseHandle, print: (line: string) => void) {
  const saved = new Map(backup.manifest.tables.map((t) => [t.name, t]));
  await database.db.transaction(async (tx) => {
    const tables = await tableShapes(tx);
    assertSameTables(tables, backup.manifest);
    await emptyTables(tx, tables);
    for (const table of tables) {
      const entry = saved.get(table.name)!;
      await setTriggers(tx, table, false);
      let rows: string[] = [];
      let bytes = 0;
      let count = 0;
      for await (const line of backup.lines(tableEntry(table.name), entry.sha256)) {
        rows.push(line);
        bytes += line.length;
        if (rows.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
          await insertRows(tx, table, rows);
          count += rows.length;
          rows = [];
          bytes = 0;
        }
      }
      await insertRows(tx, table, rows);
      count += rows.length;
      if (count !== entry.rows)
        throw new BackupFileError(`${table.name}: ${count} rows in the backup, its manifest says ${entry.rows}`);
      await setTriggers(tx, table, true);
      await resetSequences(tx, table);
      print(`${table.name}: ${count} rows`);
    }
  });
}

function assertSameTables(tables: readonly TableShape[], manifest: BackupManifest) {
  const saved = new Map(manifest.tables.map((t) => [t.name, t.columns.join(',')]));
  const differs = tables.length !== manifest.tables.length || tables.some((t) => saved.get(t.name) !== t.columns.join(','));
  if (differs)
    throw new BackupFileError('The backup’s tables differ from this database’s after migrating: it cannot be restored here.');
}
