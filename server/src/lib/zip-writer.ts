/**
 * A zip written as it is read (ADR 079): zip-stream takes one entry at a time and pipes its
 * source through deflate into the archive, so a slow reader pauses the source (backpressure) and
 * memory holds a few buffers, never a file. Entries have data descriptors, so nothing needs its
 * size in advance; the central directory (one small record per entry) is written at the end.
 */
import type { Readable } from 'node:stream';
import ZipStream from 'zip-stream';

export interface ZipWriter {
  /** The archive's bytes, for the response. */
  readonly output: Readable;
  /**
   * Writes one entry and resolves once its source has been read to the end. Rejects when the
   * source fails or `signal` aborts (the source is then destroyed: its file handle or its
   * database cursor is let go at once).
   */
  add(name: string, source: Readable | Buffer | string, options?: { store?: boolean }): Promise<void>;
  /** Writes the central directory and ends the archive: only after the last entry. */
  finish(): void;
  /** Ends the archive unfinished: the reader sees a broken transfer, never a complete-looking zip. */
  destroy(error: Error): void;
}

export function createZipWriter(signal: AbortSignal, date: Date): ZipWriter {
  // Level 6: zlib's default, most of level 9's gain for a third of its time on JSON.
  const zip = new ZipStream({ zlib: { level: 6 } });
  const output = zip as unknown as Readable;

  function add(name: string, source: Readable | Buffer | string, options: { store?: boolean } = {}): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const stop = () => {
        if (typeof source !== 'string' && !Buffer.isBuffer(source)) source.destroy();
        reject(signal.reason instanceof Error ? signal.reason : new Error('export aborted'));
      };
      if (signal.aborted) return stop();
      signal.addEventListener('abort', stop, { once: true });
      zip.entry(typeof source === 'string' ? Buffer.from(source) : source, { name, date, store: options.store }, (error) => {
        signal.removeEventListener('abort', stop);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  return {
    output,
    add,
    finish: () => zip.finalize(),
    destroy: (error) => output.destroy(error),
  };
}
