/** Reads a backup zip by entry name (yauzl: the central directory first, then any entry on demand). */
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import { type BackupManifest, BackupManifestSchema, MANIFEST_ENTRY, fileEntry, tableEntry } from './backup-archive';

export interface BackupReader {
  manifest: BackupManifest;
  /** The entry's bytes, checked against the size and SHA-256 the manifest gives. */
  file(name: string, expected: { size: number; sha256: string }): Promise<Buffer>;
  /** The entry's lines; the SHA-256 of all its bytes is checked once they are read. */
  lines(name: string, sha256: string): AsyncGenerator<string>;
  /** Reads every entry once and checks it against the manifest, before anything is written. */
  verify(): Promise<void>;
  close(): void;
}

export class BackupFileError extends Error {}

export async function openBackup(file: string): Promise<BackupReader> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) => (error ? reject(error) : resolve(opened))),
  ).catch((error: unknown) => {
    throw new BackupFileError(`${file} is not a readable zip: ${error instanceof Error ? error.message : String(error)}`);
  });
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', reject);
    zip.readEntry();
  });

  const stream = (name: string) => {
    const entry = entries.get(name);
    if (!entry) throw new BackupFileError(`the backup has no ${name}: it is incomplete`);
    return new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
    );
  };

  let manifest: BackupManifest;
  try {
    manifest = BackupManifestSchema.parse(JSON.parse((await buffer(await stream(MANIFEST_ENTRY))).toString('utf8')));
  } catch (error) {
    zip.close();
    if (error instanceof BackupFileError) throw new BackupFileError(`${file} is not a Waymark backup (no ${MANIFEST_ENTRY})`);
    throw new BackupFileError(`${file} is not a Waymark backup this version can read: its ${MANIFEST_ENTRY} is not valid`);
  }

  const reader: BackupReader = {
    manifest,
    async file(name, expected) {
      const body = await buffer(await stream(name));
      const sha256 = createHash('sha256').update(body).digest('hex');
      if (body.length !== expected.size || sha256 !== expected.sha256)
        throw new BackupFileError(`${name} is damaged in the backup`);
      return body;
    },
    async *lines(name, sha256) {
      const source = await stream(name);
      const hash = createHash('sha256');
      source.on('data', (chunk: Buffer) => hash.update(chunk));
      for await (const line of createInterface({ input: source, crlfDelay: Infinity })) {
        if (line !== '') yield line;
      }
      if (hash.digest('hex') !== sha256) throw new BackupFileError(`${name} is damaged in the backup`);
    },
    async verify() {
      for (const table of manifest.tables) {
        let rows = 0;
        for await (const line of reader.lines(tableEntry(table.name), table.sha256)) if (line) rows += 1;
        if (rows !== table.rows) throw new BackupFileError(`${tableEntry(table.name)} is damaged in the backup`);
      }
      for (const file of manifest.files) await reader.file(fileEntry(file.key), file);
    },
    close: () => zip.close(),
  };
  return reader;
}
