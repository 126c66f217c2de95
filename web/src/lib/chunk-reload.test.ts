import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnceForMissingChunk } from './chunk-reload';

class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem'> {
  private values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

const chunkError = (file = 'explore-abc.js') =>
  new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${file}`);

describe('reloadOnceForMissingChunk (issue 19)', () => {
  const reload = vi.fn();
  let storage: Storage;
  let isOnline: boolean;

  beforeEach(() => {
    storage = new MemoryStorage() as unknown as Storage;
    isOnline = true;
    vi.stubGlobal('navigator', {
      get onLine() {
        return isOnline;
      },
    });
    vi.stubGlobal('window', { location: { reload } });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 200 }))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reload.mockReset();
  });

  it('reloads once for a missing chunk, and not again for the same chunk (no loop)', async () => {
    expect(await reloadOnceForMissingChunk(chunkError(), storage)).toBe(true);
    expect(await reloadOnceForMissingChunk(chunkError(), storage)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a later deploy missing another chunk reloads again', async () => {
    await reloadOnceForMissingChunk(chunkError('a.js'), storage);
    expect(await reloadOnceForMissingChunk(chunkError('b.js'), storage)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload offline, when the server does not answer, or for other errors', async () => {
    isOnline = false;
    expect(await reloadOnceForMissingChunk(chunkError(), storage)).toBe(false);
    isOnline = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await reloadOnceForMissingChunk(chunkError(), storage)).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 503 }))),
    );
    expect(await reloadOnceForMissingChunk(chunkError(), storage)).toBe(false);
    expect(await reloadOnceForMissingChunk(new Error('render failed'), storage)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
