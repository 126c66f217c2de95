import { describe, expect, it } from 'vitest';
import {
  type OfflineIndex,
  classify,
  detailPhotos,
  evictionOrder,
  isMemberCache,
  memberCacheName,
  photoFallbacks,
  savedItemUrl,
  whatToKeep,
} from './policy';

const ORIGIN = 'https://waymark.test';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });
const GUIDE = '/api/guides/0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const PHOTO = '/api/media/guide-photos/u1/p1.webp';

describe('classify', () => {
  it('stores a member read, never the live stream, the session, the admin panel, uploads or map boxes', () => {
    expect(classify(get('/api/tips/1'), ORIGIN)).toBe('api');
    expect(classify(get('/api/saved?type=guide'), ORIGIN)).toBe('api');
    expect(classify(get('/api/guides/1/map'), ORIGIN)).toBe('api');
    expect(classify(get('/api/media/tip-photos/u/a.thumb.webp'), ORIGIN)).toBe('photo');
    expect(classify(get('/api/auth/me'), ORIGIN)).toBe('me');
    expect(classify(get('/api/map/settings'), ORIGIN)).toBe('api');
    for (const path of [
      '/api/map/tips?west=1&south=2&east=3&north=4&zoom=5',
      '/api/map/locate?country=Portugal&city=Lisbon',
      '/api/events',
      '/api/events/open',
      '/api/auth/sessions',
      '/api/admin/outbox',
      '/api/health',
      '/api/uploads/x',
      '/api/account/export/ticket',
    ]) {
      expect(classify(get(path), ORIGIN), path).toBe('pass');
    }
  });

  it('leaves changes alone, except those that say who is signed in', () => {
    expect(classify({ method: 'POST', url: `${ORIGIN}/api/likes/toggle` }, ORIGIN)).toBe('pass');
    expect(classify({ method: 'PUT', url: `${ORIGIN}/api/tips/1` }, ORIGIN)).toBe('pass');
    // A save goes by: the page hands the item to the worker through the outbox (ADR 102).
    expect(classify({ method: 'POST', url: `${ORIGIN}/api/saves/toggle` }, ORIGIN)).toBe('pass');
    expect(savedItemUrl({ contentType: 'guide', contentId: 'g1' })).toBe('/api/guides/g1');
    expect(savedItemUrl({ contentType: 'user', contentId: 'g1' })).toBeUndefined();
    expect(classify({ method: 'POST', url: `${ORIGIN}/api/auth/sign-in` }, ORIGIN)).toBe('signed-in');
    expect(classify({ method: 'POST', url: `${ORIGIN}/api/auth/sign-up` }, ORIGIN)).toBe('signed-in');
    expect(classify({ method: 'POST', url: `${ORIGIN}/api/auth/sign-out` }, ORIGIN)).toBe('signed-out');
    expect(classify({ method: 'DELETE', url: `${ORIGIN}/api/account` }, ORIGIN)).toBe('signed-out');
  });

  it('takes pages as navigations, and nothing of another origin or outside /api', () => {
    expect(classify(get('/saved', 'navigate'), ORIGIN)).toBe('navigate');
    expect(classify({ method: 'POST', url: `${ORIGIN}/saved`, mode: 'navigate' }, ORIGIN)).toBe('pass');
    // A download opened as a page (ADR 080) streams to disk untouched by the worker.
    expect(classify(get('/api/account/export/ticket', 'navigate'), ORIGIN)).toBe('pass');
    expect(classify(get('/assets/index-1.js'), ORIGIN)).toBe('pass');
    expect(classify({ method: 'GET', url: 'https://tiles.example/1/2/3.png' }, ORIGIN)).toBe('pass');
  });
});

describe('cache names', () => {
  it('names a cache per member and knows them all by prefix', () => {
    expect(memberCacheName('m-1')).toBe('waymark-member-m-1');
    expect(memberCacheName('a/b')).toBe('waymark-member-a%2Fb');
    expect(isMemberCache(memberCacheName('x'))).toBe(true);
    expect(isMemberCache('workbox-precache-v2-https://waymark.test/')).toBe(false);
    expect(isMemberCache('waymark-meta')).toBe(false);
  });
});

describe('what is kept', () => {
  const guide = (viewer: object) => ({ id: 'g', photoUrls: [PHOTO, '/api/media/guide-photos/u1/p2.webp'], viewer });

  it('keeps a saved or own tip or guide with every thumbnail and the cover in full size', () => {
    const photos = ['/api/media/guide-photos/u1/p1.thumb.webp', '/api/media/guide-photos/u1/p2.thumb.webp', PHOTO];
    expect(whatToKeep(GUIDE, guide({ isOwner: false, hasSaved: true }), 'm')).toEqual({ keep: true, photos });
    expect(whatToKeep(GUIDE, guide({ isOwner: true, hasSaved: false }), 'm')).toEqual({ keep: true, photos });
    expect(whatToKeep(GUIDE, guide({ isOwner: false, hasSaved: false }), 'm')).toEqual({ keep: false, photos: [] });
    expect(detailPhotos({ photoUrls: [] })).toEqual([]);
  });

  it("keeps the member's Saved list and own lists with their cards' thumbnails, not other lists", () => {
    const saved = {
      items: [
        { id: 's', item: { photoUrl: PHOTO } },
        { id: 't', item: { photoUrl: null } },
      ],
    };
    expect(whatToKeep('/api/saved?type=guide', saved, 'm')).toEqual({
      keep: true,
      photos: ['/api/media/guide-photos/u1/p1.thumb.webp'],
    });
    expect(whatToKeep('/api/users/m/content?type=tip', { items: [] }, 'm').keep).toBe(true);
    expect(whatToKeep('/api/users/other/content', { items: [{ photoUrl: PHOTO }] }, 'm')).toEqual({ keep: false, photos: [] });
    expect(whatToKeep('/api/explore', { items: [{ photoUrl: PHOTO }] }, 'm').keep).toBe(false);
    expect(whatToKeep('/api/auth/me', { id: 'm', profilePictureUrl: null }, 'm')).toEqual({ keep: true, photos: [] });
    expect(whatToKeep(GUIDE, undefined, 'm')).toEqual({ keep: false, photos: [] });
  });
});

describe('photo fallbacks', () => {
  it("answers a photo's missing size with another stored size", () => {
    expect(photoFallbacks('/api/media/guide-photos/u1/p1.mid.webp')).toEqual([PHOTO, '/api/media/guide-photos/u1/p1.thumb.webp']);
    expect(photoFallbacks(PHOTO)).toEqual(['/api/media/guide-photos/u1/p1.mid.webp', '/api/media/guide-photos/u1/p1.thumb.webp']);
    expect(photoFallbacks('/api/media/guide-photos/u1/p1.thumb.webp')).toEqual(['/api/media/guide-photos/u1/p1.mid.webp', PHOTO]);
    expect(photoFallbacks('/api/media/avatars/u1/a.webp')).toEqual([]);
  });
});

describe('eviction order (ADR 072)', () => {
  const entry = (at: number, size: number, keep = false, guides: string[] = []) => ({ at, size, keep, guides });

  it('takes the oldest unprotected entries first, until the cache fits', () => {
    const index: OfflineIndex = {
      guides: { g: 1 },
      entries: {
        '/old': entry(1, 40),
        '/saved-old': entry(0, 40, true),
        '/kept-for-guide': entry(0, 40, false, ['g']),
        '/middle': entry(2, 40),
        '/new': entry(3, 40),
      },
    };
    expect(evictionOrder(index, 200)).toEqual([]);
    expect(evictionOrder(index, 170)).toEqual(['/old']);
    expect(evictionOrder(index, 150)).toEqual(['/old', '/middle']);
    expect(evictionOrder(index, 100)).toEqual(['/old', '/middle', '/new']);
    // Protected entries alone over the budget: every other one goes, they stay.
    expect(evictionOrder(index, 10)).toEqual(['/old', '/middle', '/new']);
  });
});
