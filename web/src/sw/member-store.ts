/**
 * The service worker's per-member store (issue 23, ADRs 071, 072): who is signed in, the
 * member's cache of answers and photos, its index (size, age, why kept) and its budget. Written
 * against CacheStorage and fetch as parameters, so the tests run it on fakes.
 */
import type { OfflineStatus } from './messages';
import {
  INDEX_URL,
  META_CACHE,
  META_MEMBER_URL,
  OFFLINE_BUDGET_BYTES,
  type OfflineIndex,
  emptyIndex,
  evictionOrder,
  isMemberCache,
  isProtected,
  memberCacheName,
  usedBytes,
  whatToKeep,
} from './policy';

export interface StoreDeps {
  caches: CacheStorage;
  fetch: (url: string) => Promise<Response>;
  now: () => number;
  budgetBytes?: number;
}

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });

export function createMemberStore({ caches, fetch, now, budgetBytes = OFFLINE_BUDGET_BYTES }: StoreDeps) {
  /** undefined until read from META_CACHE (the worker may have been stopped and started since). */
  let member: string | null | undefined;
  /** When what `member` says was known (ADR 102): older news of who is signed in changes nothing. */
  let memberAt = 0;
  let index: { memberId: string; value: OfflineIndex } | undefined;
  // One change at a time: the index is read, changed and written back whole.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function currentMember(): Promise<string | null> {
    if (member !== undefined) return member;
    const stored = await (await caches.open(META_CACHE)).match(META_MEMBER_URL);
    const { id = null, at = 0 } = stored ? ((await stored.json()) as { id?: string | null; at?: number }) : {};
    if (member === undefined) {
      member = id;
      memberAt = at;
    }
    return member;
  }

  /**
   * Sets who is signed in, as known at `at` (the page's answers are as old as the page; a
   * message may arrive after a newer one): older news than the last is ignored. Every other
   * member's cache goes (null: all of them).
   */
  function setMember(id: string | null, at = now()): Promise<void> {
    return serially(async () => {
      await currentMember();
      if (at < memberAt) return;
      member = id;
      memberAt = at;
      await (await caches.open(META_CACHE)).put(META_MEMBER_URL, json({ id, at }));
      const keepName = id === null ? undefined : memberCacheName(id);
      const names = (await caches.keys()).filter((name) => isMemberCache(name) && name !== keepName);
      await Promise.all(names.map((name) => caches.delete(name)));
      if (index && index.memberId !== id) index = undefined;
    });
  }

  async function loadIndex(memberId: string): Promise<OfflineIndex> {
    if (index?.memberId === memberId) return index.value;
    const stored = await (await caches.open(memberCacheName(memberId))).match(INDEX_URL);
    const value = stored ? ((await stored.json()) as OfflineIndex) : emptyIndex();
    index = { memberId, value };
    return value;
  }

  async function saveIndex(memberId: string, value: OfflineIndex) {
    await (await caches.open(memberCacheName(memberId))).put(INDEX_URL, json(value));
  }

  /**
   * Stores a successful answer for `memberId` (if they are still the one signed in), with what
   * it means: kept or not, its photos fetched and stored too, and the budget enforced.
   * `guideId` marks an answer downloaded by "Make available offline".
   */
  async function store(memberId: string, key: string, response: Response, guideId?: string): Promise<void> {
    const body = await response.arrayBuffer();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    let parsed: unknown;
    if (isJson) {
      try {
        parsed = JSON.parse(new TextDecoder().decode(body));
      } catch {
        parsed = undefined;
      }
    }
    const decision = whatToKeep(key, parsed, memberId);
    const photos = await serially(async () => {
      if ((await currentMember()) !== memberId) return [];
      const cache = await caches.open(memberCacheName(memberId));
      const headers = new Headers(response.headers);
      headers.set('x-waymark-stored-at', String(now()));
      await cache.put(key, new Response(body, { status: response.status, statusText: response.statusText, headers }));
      const value = await loadIndex(memberId);
      const before = value.entries[key];
      const guides = [...new Set([...(before?.guides ?? []), ...(guideId ? [guideId] : [])])];
      // A photo fetched for a kept item stays kept; an answer re-read decides afresh (unsaved: no longer kept).
      const keep = key.startsWith('/api/media/') ? Boolean(before?.keep) || decision.keep : decision.keep;
      value.entries[key] = { at: now(), size: body.byteLength, keep, guides };
      // Photos already stored (seen on a card) become kept; the others are fetched below.
      for (const url of decision.photos) {
        const photo = value.entries[url];
        if (!photo) continue;
        photo.keep = true;
        if (guideId && !photo.guides.includes(guideId)) photo.guides.push(guideId);
      }
      await evict(memberId, value);
      await saveIndex(memberId, value);
      return decision.photos.filter((url) => !value.entries[url]);
    });
    await Promise.all(photos.map((url) => storePhoto(memberId, url, guideId)));
  }

  /** A photo that came with a kept answer: fetched now, stored kept. */
  async function storePhoto(memberId: string, url: string, guideId?: string) {
    try {
      const response = await fetch(url);
      if (!response.ok) return;
      await storeKept(memberId, url, response, guideId);
    } catch {
      // Offline again, or refused: the photo is simply not there offline.
    }
  }

  async function storeKept(memberId: string, key: string, response: Response, guideId?: string) {
    const body = await response.arrayBuffer();
    await serially(async () => {
      if ((await currentMember()) !== memberId) return;
      const cache = await caches.open(memberCacheName(memberId));
      await cache.put(key, new Response(body, { status: response.status, headers: response.headers }));
      const value = await loadIndex(memberId);
      const before = value.entries[key];
      const guides = [...new Set([...(before?.guides ?? []), ...(guideId ? [guideId] : [])])];
      value.entries[key] = { at: now(), size: body.byteLength, keep: true, guides };
      await evict(memberId, value);
      await saveIndex(memberId, value);
    });
  }

  async function evict(memberId: string, value: OfflineIndex) {
    const urls = evictionOrder(value, budgetBytes);
    if (urls.length === 0) return;
    const cache = await caches.open(memberCacheName(memberId));
    await Promise.all(urls.map((url) => cache.delete(url)));
    for (const url of urls) delete value.entries[url];
  }

  /** The stored answer for `key` in the signed-in member's cache. */
  async function match(key: string): Promise<Response | undefined> {
    const memberId = await currentMember();
    if (!memberId || !(await caches.has(memberCacheName(memberId)))) return undefined;
    const cache = await caches.open(memberCacheName(memberId));
    return cache.match(key, { ignoreVary: true });
  }

  async function status(): Promise<OfflineStatus> {
    const memberId = await currentMember();
    if (!memberId) return { memberId, usedBytes: 0, budgetBytes, guides: [] };
    return serially(async () => {
      const value = await loadIndex(memberId);
      return { memberId, usedBytes: usedBytes(value), budgetBytes, guides: Object.keys(value.guides) };
    });
  }

  /**
   * Marks a stored entry as part of a guide made available offline; false if `key` is not
   * stored for `memberId` (ADR 102: the worker then fetches it).
   */
  async function markForGuide(memberId: string, key: string, guideId: string): Promise<boolean> {
    return serially(async () => {
      if ((await currentMember()) !== memberId) return false;
      const value = await loadIndex(memberId);
      const entry = value.entries[key];
      if (!entry) return false;
      if (!entry.guides.includes(guideId)) {
        entry.guides.push(guideId);
        await saveIndex(memberId, value);
      }
      return true;
    });
  }

  async function keepGuide(guideId: string): Promise<OfflineStatus> {
    const memberId = await currentMember();
    if (memberId) {
      await serially(async () => {
        const value = await loadIndex(memberId);
        value.guides[guideId] = now();
        await saveIndex(memberId, value);
      });
    }
    return status();
  }

  /** The guide is no longer kept; what only it kept goes now. */
  async function dropGuide(guideId: string): Promise<OfflineStatus> {
    const memberId = await currentMember();
    if (memberId) {
      await serially(async () => {
        const value = await loadIndex(memberId);
        delete value.guides[guideId];
        const cache = await caches.open(memberCacheName(memberId));
        for (const [url, entry] of Object.entries(value.entries)) {
          if (!entry.guides.includes(guideId)) continue;
          entry.guides = entry.guides.filter((id) => id !== guideId);
          if (!isProtected(entry)) {
            await cache.delete(url);
            delete value.entries[url];
          }
        }
        await saveIndex(memberId, value);
      });
    }
    return status();
  }

  /**
   * A connection ended or a block (issue 25, ADR 086): every stored answer that names the other
   * member goes, whatever kept it: their profile and lists (the URL names them), their photos
   * (the path holds their id), and any list or item whose answer carries their id.
   */
  async function dropMember(otherId: string): Promise<OfflineStatus> {
    const memberId = await currentMember();
    if (memberId && otherId && otherId !== memberId) {
      await serially(async () => {
        const value = await loadIndex(memberId);
        const cache = await caches.open(memberCacheName(memberId));
        for (const url of Object.keys(value.entries)) {
          const names = url.includes(otherId) || (await cache.match(url).then((r) => r?.text() ?? '')).includes(otherId);
          if (!names) continue;
          await cache.delete(url);
          delete value.entries[url];
        }
        await saveIndex(memberId, value);
      });
    }
    return status();
  }

  /**
   * The server now refuses an answer it once gave (404, 403, 410: made private, blocked, deleted):
   * the stored copy goes too, kept or not, so offline never shows what online no longer does.
   * This is how a blocked member's copy forgets the blocker without being told who (ADR 109).
   */
  async function forget(memberId: string, key: string): Promise<void> {
    await serially(async () => {
      if ((await currentMember()) !== memberId) return;
      const value = await loadIndex(memberId);
      if (!value.entries[key]) return;
      await (await caches.open(memberCacheName(memberId))).delete(key);
      delete value.entries[key];
      await saveIndex(memberId, value);
    });
  }

  /** "Clear offline data": the member's cache is emptied; they stay signed in. */
  async function clear(): Promise<OfflineStatus> {
    const memberId = await currentMember();
    if (memberId) {
      await serially(async () => {
        await caches.delete(memberCacheName(memberId));
        index = undefined;
      });
    }
    return status();
  }

  return { currentMember, setMember, store, match, status, markForGuide, keepGuide, dropGuide, dropMember, forget, clear };
}

export type MemberStore = ReturnType<typeof createMemberStore>;
