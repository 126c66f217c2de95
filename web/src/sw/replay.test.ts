import { describe, expect, it } from 'vitest';
import { memoryCaches } from './memory-caches';
import { createMemberStore } from './member-store';
import { putInOutbox, readOutbox } from './outbox';
import { INDEX_URL, memberCacheName } from './policy';
import { createOutboxReplay } from './replay';

const G = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const T = '1a6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const GUIDE = `/api/guides/${G}`;
const MAP = `${GUIDE}/map`;
const TIP = `/api/tips/${T}`;
const COVER = '/api/media/guide-photos/u1/c.webp';
const COVER_THUMB = '/api/media/guide-photos/u1/c.thumb.webp';
const TIP_THUMB = '/api/media/tip-photos/u1/t.thumb.webp';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const guideBody = (viewer: object) => ({
  id: G,
  photoUrls: [COVER],
  items: [
    { dayNumber: 1, tip: { id: T } },
    { dayNumber: 1, tip: null, customTitle: 'Fado' },
  ],
  viewer,
});

/** The server as the worker reaches it; `isOffline` makes every fetch fail as a lost network does. */
function setup(serverGuide: object = guideBody({ isOwner: false, hasSaved: true })) {
  const { caches, stores } = memoryCaches();
  const fetched: string[] = [];
  let isOffline = false;
  const answers: Record<string, () => Response> = {
    '/api/auth/me': () => json({ id: 'm1', name: 'Ana' }),
    [GUIDE]: () => json(serverGuide),
    [MAP]: () => json({ days: [] }),
    [TIP]: () => json({ id: T, photoUrls: ['/api/media/tip-photos/u1/t.webp'], viewer: { isOwner: false, hasSaved: false } }),
  };
  const answer = (url: string) =>
    answers[url]?.() ?? new Response(new Uint8Array(10), { headers: { 'content-type': 'image/webp' } });
  const fetch = (url: string) => {
    if (isOffline) return Promise.reject(new TypeError('Failed to fetch'));
    fetched.push(url);
    return Promise.resolve(answer(url));
  };
  let clock = 10_000;
  const store = createMemberStore({ caches, fetch, now: () => ++clock });
  const { replay } = createOutboxReplay({ caches, store, fetch });
  const keys = (member: string) => [...(stores.get(memberCacheName(member))?.keys() ?? [])].filter((k) => k !== INDEX_URL).sort();
  const put = (task: Parameters<typeof putInOutbox>[1], at = ++clock) => putInOutbox(caches, task, at);
  return { caches, store, replay, fetched, keys, put, answer, goOffline: (value: boolean) => (isOffline = value) };
}

describe('replaying the outbox in the worker (ADR 102)', () => {
  it('learns the member and keeps a guide saved before the worker was active, with its photos', async () => {
    const { store, replay, put, keys, caches } = setup();
    await put({ type: 'member', id: 'm1' });
    await put({ type: 'refresh', memberId: 'm1', url: GUIDE });
    await replay();
    expect(await store.currentMember()).toBe('m1');
    // Who they are too: the app cannot open offline without it (signed in while the worker installed).
    expect(keys('m1')).toEqual(['/api/auth/me', GUIDE, COVER, COVER_THUMB].sort());
    expect(await readOutbox(caches)).toEqual([]);
  });

  it('reads who the member is only when it is not stored yet', async () => {
    const { store, replay, put, fetched } = setup();
    await put({ type: 'member', id: 'm1' });
    await replay();
    await put({ type: 'member', id: 'm1' });
    await replay();
    expect(fetched).toEqual(['/api/auth/me']);
    expect(await store.currentMember()).toBe('m1');
  });

  it('reads a written or edited item again, so the offline copy is the new one', async () => {
    const { store, replay, put } = setup(guideBody({ isOwner: true, hasSaved: false }));
    await store.setMember('m1');
    await store.store('m1', GUIDE, json({ ...guideBody({ isOwner: true }), title: 'before the edit' }));
    await put({ type: 'refresh', memberId: 'm1', url: GUIDE });
    await replay();
    expect(await (await store.match(GUIDE))?.json()).not.toHaveProperty('title');
  });

  it('drops a task of a member who is no longer the one signed in, and fetches nothing for it', async () => {
    const { store, replay, put, fetched, caches } = setup();
    await store.setMember('m2');
    await put({ type: 'refresh', memberId: 'm1', url: GUIDE });
    await put({ type: 'keep-guide', memberId: 'm1', guideId: G });
    await replay();
    expect(fetched).toEqual([]);
    expect(await readOutbox(caches)).toEqual([]);
  });

  it('leaves a task the network failed for the next replay', async () => {
    const { store, replay, put, keys, caches, goOffline } = setup();
    await store.setMember('m1');
    await put({ type: 'refresh', memberId: 'm1', url: GUIDE });
    goOffline(true);
    await replay();
    expect((await readOutbox(caches)).map(({ entry }) => entry.task.type)).toEqual(['refresh']);
    goOffline(false);
    await replay();
    expect(keys('m1')).toContain(GUIDE);
    expect(await readOutbox(caches)).toEqual([]);
  });

  it('takes no older news of who is signed in: a sign-out written before a sign-in leaves the member', async () => {
    const { store, replay, put } = setup();
    await put({ type: 'member', id: null }, 100);
    await put({ type: 'member', id: 'm1' }, 200);
    await replay();
    expect(await store.currentMember()).toBe('m1');
    // The sign-in page's own answers (loaded before the sign-in) arrive last: they change nothing.
    await store.setMember(null, 150);
    expect(await store.currentMember()).toBe('m1');
  });

  it('makes a guide available offline whose downloads the worker never saw: guide, map, tips, photos', async () => {
    const { store, replay, put, keys, fetched } = setup(guideBody({ isOwner: false, hasSaved: false }));
    await store.setMember('m1');
    await put({ type: 'keep-guide', memberId: 'm1', guideId: G });
    await replay();
    expect((await store.status()).guides).toEqual([G]);
    expect(keys('m1')).toEqual([GUIDE, MAP, TIP, COVER, COVER_THUMB, TIP_THUMB].sort());
    expect(new Set(fetched).size).toBe(fetched.length);
    // What only the guide kept goes when the copy is removed: nothing was left unmarked.
    await store.dropGuide(G);
    expect(keys('m1')).toEqual([]);
  });

  it('only marks what the page already downloaded through the worker, fetching none of it again', async () => {
    const { store, replay, put, fetched, answer } = setup(guideBody({ isOwner: false, hasSaved: false }));
    await store.setMember('m1');
    for (const url of [GUIDE, MAP, TIP, COVER, COVER_THUMB, TIP_THUMB]) await store.store('m1', url, answer(url), G);
    await put({ type: 'keep-guide', memberId: 'm1', guideId: G });
    await replay();
    expect(fetched).toEqual([]);
    expect((await store.status()).guides).toEqual([G]);
  });
});
