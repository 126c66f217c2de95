import { describe, expect, it } from 'vitest';
import { createMemberStore } from './member-store';
import { INDEX_URL, memberCacheName } from './policy';

/** CacheStorage in memory: enough of it for the store (keys are paths). */
function fakeCaches(stores = new Map<string, Map<string, Response>>()) {
  const cacheFor = (name: string) => {
    const map = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, map);
    return {
      put: (key: string, response: Response) => Promise.resolve(void map.set(key, response.clone())),
      match: (key: string) => Promise.resolve(map.get(key)?.clone()),
      delete: (key: string) => Promise.resolve(map.delete(key)),
    };
  };
  const caches = {
    open: (name: string) => Promise.resolve(cacheFor(name)),
    keys: () => Promise.resolve([...stores.keys()]),
    has: (name: string) => Promise.resolve(stores.has(name)),
    delete: (name: string) => Promise.resolve(stores.delete(name)),
  };
  return { caches: caches as unknown as CacheStorage, stores };
}

const setupCaches = (stores: Map<string, Map<string, Response>>) => fakeCaches(stores).caches;

const GUIDE = '/api/guides/0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const TIP = '/api/tips/1a6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const PHOTO = '/api/media/guide-photos/u1/p1.webp';
const THUMB = '/api/media/guide-photos/u1/p1.thumb.webp';
const jsonAnswer = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const bytes = (n: number) => new Response(new Uint8Array(n), { headers: { 'content-type': 'image/webp' } });

function setup(budgetBytes = 1000) {
  const { caches, stores } = fakeCaches();
  const fetched: string[] = [];
  let clock = 0;
  const store = createMemberStore({
    caches,
    fetch: (url) => {
      fetched.push(url);
      return Promise.resolve(bytes(100));
    },
    now: () => ++clock,
    budgetBytes,
  });
  const keys = (member: string) => [...(stores.get(memberCacheName(member))?.keys() ?? [])].filter((k) => k !== INDEX_URL).sort();
  return { store, stores, fetched, keys };
}

describe('member store', () => {
  it("stores a member's reads in their own cache, and answers them back", async () => {
    const { store, keys } = setup();
    await store.setMember('m1');
    await store.store('m1', '/api/explore', jsonAnswer({ items: [] }));
    expect(keys('m1')).toEqual(['/api/explore']);
    expect(await (await store.match('/api/explore'))?.json()).toEqual({ items: [] });
  });

  it('stores nothing for a member who is no longer the one signed in', async () => {
    const { store, stores } = setup();
    await store.setMember('m1');
    await store.setMember(null);
    await store.store('m1', '/api/explore', jsonAnswer({ items: [] }));
    expect([...stores.keys()].filter((name) => name.startsWith('waymark-member-'))).toEqual([]);
    expect(await store.match('/api/explore')).toBeUndefined();
  });

  it("drops every other member's cache when someone else signs in, and all of them at sign-out", async () => {
    const { store, stores } = setup();
    await store.setMember('m1');
    await store.store('m1', '/api/explore', jsonAnswer({ items: [] }));
    await store.setMember('m2');
    await store.store('m2', '/api/explore', jsonAnswer({ items: [1] }));
    expect(stores.has(memberCacheName('m1'))).toBe(false);
    expect(await (await store.match('/api/explore'))?.json()).toEqual({ items: [1] });
    await store.setMember(null);
    expect(stores.has(memberCacheName('m2'))).toBe(false);
    expect((await store.status()).memberId).toBeNull();
  });

  it('takes no older news of who is signed in, even after the worker was stopped and started (ADR 102)', async () => {
    const { store, stores } = setup();
    await store.setMember('m1', 2000);
    await store.store('m1', '/api/explore', jsonAnswer({ items: [] }));
    // The sign-in page's answers, read before the member signed in, arrive after.
    await store.setMember(null, 1000);
    expect(await store.currentMember()).toBe('m1');
    expect(stores.has(memberCacheName('m1'))).toBe(true);
    const restarted = createMemberStore({ caches: setupCaches(stores), fetch: () => Promise.reject(new Error()), now: () => 0 });
    await restarted.setMember(null, 1500);
    expect(await restarted.currentMember()).toBe('m1');
    await restarted.setMember(null, 3000);
    expect(await restarted.currentMember()).toBeNull();
  });

  it('marks what is already stored as part of a guide kept offline, and says what is not stored', async () => {
    const { store } = setup();
    await store.setMember('m1');
    await store.store('m1', TIP, jsonAnswer({ photoUrls: [] }));
    expect(await store.markForGuide('m1', TIP, 'g')).toBe(true);
    expect(await store.markForGuide('m1', '/api/guides/g/map', 'g')).toBe(false);
    expect(await store.markForGuide('m2', TIP, 'g')).toBe(false);
    await store.keepGuide('g');
    await store.dropGuide('g');
    expect(await store.match(TIP)).toBeUndefined();
  });

  it('fetches and keeps the thumbnails and the cover of a saved guide', async () => {
    const { store, fetched, keys } = setup();
    await store.setMember('m1');
    await store.store('m1', GUIDE, jsonAnswer({ photoUrls: [PHOTO], viewer: { isOwner: false, hasSaved: true } }));
    expect(fetched.sort()).toEqual([PHOTO, THUMB].sort());
    expect(keys('m1')).toEqual([GUIDE, PHOTO, THUMB].sort());
  });

  it('evicts the oldest unkept entries first; saved ones and those of a guide kept offline stay', async () => {
    const { store, keys } = setup(550);
    await store.setMember('m1');
    // A saved guide (its JSON + two 100-byte photos), then plain reads of 100 bytes each.
    await store.store('m1', GUIDE, jsonAnswer({ photoUrls: [PHOTO], viewer: { isOwner: false, hasSaved: true } }));
    await store.store('m1', '/api/media/tip-photos/x/kept.webp', bytes(100), 'guide-1');
    await store.store('m1', '/api/explore?page=1', bytes(100));
    await store.store('m1', '/api/explore?page=2', bytes(100));
    expect(keys('m1')).toContain('/api/explore?page=2');
    expect(keys('m1')).not.toContain('/api/explore?page=1');
    expect(keys('m1')).toEqual(expect.arrayContaining([GUIDE, PHOTO, THUMB, '/api/media/tip-photos/x/kept.webp']));
    expect((await store.status()).usedBytes).toBeLessThanOrEqual(550);
  });

  it('marks a guide available offline, and its entries go when it is removed (not what is saved)', async () => {
    const { store, keys } = setup();
    await store.setMember('m1');
    await store.store('m1', '/api/guides/g/map', jsonAnswer({ days: [] }), 'g');
    await store.store('m1', TIP, jsonAnswer({ photoUrls: [], viewer: { isOwner: true } }), 'g');
    expect((await store.keepGuide('g')).guides).toEqual(['g']);
    const after = await store.dropGuide('g');
    expect(after.guides).toEqual([]);
    expect(keys('m1')).toEqual([TIP]);
  });

  it('empties the cache on "Clear offline data" and keeps knowing the member', async () => {
    const { store, keys } = setup();
    await store.setMember('m1');
    await store.store('m1', '/api/explore', jsonAnswer({ items: [] }));
    const status = await store.clear();
    expect(status).toMatchObject({ memberId: 'm1', usedBytes: 0, guides: [] });
    expect(keys('m1')).toEqual([]);
  });
});

describe('dropping a member (issue 25, ADR 086)', () => {
  const OTHER = '7c0e9a52-3b1d-4f6e-9a8b-1c2d3e4f5a6b';
  it('drops every answer that names the other member, kept or not, and leaves the rest', async () => {
    const { store, keys } = setup(100_000);
    await store.setMember('m1');
    await store.store('m1', `/api/profiles/${OTHER}`, jsonAnswer({ userId: OTHER }));
    await store.store('m1', '/api/profiles/by-username/ann', jsonAnswer({ userId: OTHER, username: 'ann' }));
    await store.store('m1', '/api/explore', jsonAnswer({ items: [{ id: 't1', author: { id: OTHER } }] }));
    await store.store('m1', '/api/saved', jsonAnswer({ items: [{ item: { id: 't2', author: { id: 'someone' } } }] }));
    await store.store('m1', TIP, jsonAnswer({ id: 't3', viewer: { isOwner: true }, author: { id: 'm1' } }));

    const status = await store.dropMember(OTHER);
    expect(keys('m1')).toEqual(['/api/saved', TIP].sort());
    expect(status.memberId).toBe('m1');
    expect(await store.match('/api/explore')).toBeUndefined();
  });

  it('never drops the signed-in member themselves', async () => {
    const { store, keys } = setup();
    await store.setMember('m1');
    await store.store('m1', '/api/profiles/m1', jsonAnswer({ userId: 'm1' }));
    await store.dropMember('m1');
    expect(keys('m1')).toEqual(['/api/profiles/m1']);
  });

  it('forgets an answer the server now refuses, kept or not, and only for the member signed in', async () => {
    const { store, keys } = setup();
    await store.setMember('m1');
    await store.store('m1', GUIDE, jsonAnswer({ id: 'g1' }), 'g1');
    await store.store('m1', '/api/explore', jsonAnswer({ items: [] }));
    await store.forget('m2', GUIDE);
    expect(keys('m1')).toEqual(['/api/explore', GUIDE].sort());
    await store.forget('m1', GUIDE);
    await store.forget('m1', '/api/never-stored');
    expect(keys('m1')).toEqual(['/api/explore']);
    expect(await store.match(GUIDE)).toBeUndefined();
    expect((await store.status()).usedBytes).toBe(JSON.stringify({ items: [] }).length);
  });
});
