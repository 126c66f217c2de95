/**
 * The outbox between the page and the service worker (issue 36, ADR 102): what the offline copy
 * must learn (who is signed in, an item saved or written, a guide made available offline) is
 * written by the page into Cache Storage, which the page reaches as well as the worker, so it
 * waits there while no worker is active yet (a first visit's first seconds: the worker still
 * installs, controls no page and takes no message). The worker replays it when it activates and
 * whenever the page says it wrote to it. Used by both sides, on CacheStorage as a parameter.
 */

export const OUTBOX_CACHE = 'waymark-outbox';
const ENTRY_PREFIX = '/__waymark/outbox/';

export type OutboxTask =
  /** Who is signed in, as the page learnt it (null: nobody). */
  | { type: 'member'; id: string | null }
  /** A tip or a guide the member saved, unsaved or wrote: read it again, so it is kept (or not) with its photos. */
  | { type: 'refresh'; memberId: string; url: string }
  /** "Make available offline": the guide, its map, tips and photos stored and marked as the guide's. */
  | { type: 'keep-guide'; memberId: string; guideId: string };

export interface OutboxEntry {
  /** When the page knew it (ms since the epoch): a newer fact about who is signed in wins. */
  at: number;
  task: OutboxTask;
}

let sequence = 0;

/** Writes a task for the worker; it stays until the worker has replayed it. */
export async function putInOutbox(caches: CacheStorage, task: OutboxTask, at = Date.now()): Promise<void> {
  const cache = await caches.open(OUTBOX_CACHE);
  // Time first (the order of replay), then a counter and a random tail (two tabs in one millisecond).
  const key = `${ENTRY_PREFIX}${String(at).padStart(15, '0')}-${String(++sequence).padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;
  const entry: OutboxEntry = { at, task };
  await cache.put(key, new Response(JSON.stringify(entry), { headers: { 'content-type': 'application/json' } }));
}

/** The waiting tasks, oldest first, each with the key that removes it. */
export async function readOutbox(caches: CacheStorage): Promise<{ key: string; entry: OutboxEntry }[]> {
  if (!(await caches.has(OUTBOX_CACHE))) return [];
  const cache = await caches.open(OUTBOX_CACHE);
  const keys = (await cache.keys()).map((request) => new URL(request.url).pathname).filter((key) => key.startsWith(ENTRY_PREFIX));
  const read = await Promise.all(
    keys.sort().map(async (key) => {
      const entry = (await (await cache.match(key))?.json().catch(() => undefined)) as OutboxEntry | undefined;
      if (entry && typeof entry.at === 'number' && entry.task) return [{ key, entry }];
      await cache.delete(key);
      return [];
    }),
  );
  return read.flat();
}

export async function removeFromOutbox(caches: CacheStorage, key: string): Promise<void> {
  await (await caches.open(OUTBOX_CACHE)).delete(key);
}
