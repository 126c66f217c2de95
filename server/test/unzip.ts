/** Reads a zip in tests with yauzl (a kept reader): every entry's name and bytes, in archive order. */
import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export function unzip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (openError, file) => {
      if (openError) return reject(openError);
      const entries: ZipEntry[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

/** The records of a JSON Lines entry. */
export function jsonLinesOf<T = Record<string, unknown>>(entries: readonly ZipEntry[], name: string): T[] {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`no ${name} in the zip`);
  return entry.data
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}

export function jsonOf<T = Record<string, unknown>>(entries: readonly ZipEntry[], name: string): T {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new Error(`no ${name} in the zip`);
  return JSON.parse(entry.data.toString('utf8')) as T;
}
