/**
 * What the service worker does with a request, and what it keeps (issue 23, ADRs 071 and 072).
 * Pure functions, shared by the worker (sw.ts, member-store.ts) and its tests; the page's side
 * speaks to the worker through the messages of messages.ts.
 */
import { OFFLINE_SHELL_PATH } from '@common/first-paint';
import { midUrl, thumbnailUrl } from '@common/media-url';

/** Every member's answers live in a cache of their own, named by their id. */
export const MEMBER_CACHE_PREFIX = 'waymark-member-';
/** Who is signed in, as the worker last learnt it (it cannot read the HttpOnly session cookie). */
export const META_CACHE = 'waymark-meta';
export const META_MEMBER_URL = '/__waymark/member';
/** Inside a member's cache: what each entry weighs, when it was stored and why it is kept. */
export const INDEX_URL = '/__waymark/offline-index';
/** The precached page that boots the app offline: the template with no member data (ADR 070). */
export const OFFLINE_SHELL_URL = OFFLINE_SHELL_PATH;
/** The request header by which "Make available offline" marks what it downloads for a guide. */
export const KEEP_FOR_GUIDE_HEADER = 'x-waymark-offline-guide';

/** The member cache's budget (ADR 072). */
export const OFFLINE_BUDGET_BYTES = 50 * 1024 * 1024;

export const ME_PATH = '/api/auth/me';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const memberCacheName = (memberId: string) => `${MEMBER_CACHE_PREFIX}${encodeURIComponent(memberId)}`;
export const isMemberCache = (name: string) => name.startsWith(MEMBER_CACHE_PREFIX);

/**
 * - `navigate`: a page; network only, the offline shell when the network fails (never stored).
 * - `me`: who is signed in; network first, kept in the member's cache, and it tells the worker who that is.
 * - `api`: a member's read; network first, stored in the member's cache.
 * - `photo`: an uploaded photo; the same, with the photo's other sizes as a fallback.
 * - `signed-in`: sign-in or sign-up; the answer names the member.
 * - `signed-out`: sign-out or account deletion; every member cache goes.
 * - `pass`: the worker stays out of it (the browser's own handling).
 */
export type RequestKind = 'navigate' | 'me' | 'api' | 'photo' | 'signed-in' | 'signed-out' | 'pass';

/**
 * Reads never stored: the live stream, the session's own routes, the admin panel, uploads,
 * health, and the map's box queries and the tip form's place lookup (a new URL for every pan or
 * keystroke, never asked again as it was: they would only crowd the budget out).
 */
const NEVER_STORED =
  /^\/api\/(?:events(?:\/|$)|auth\/|admin(?:\/|$)|uploads\/|health$|map\/(?:tips|locate)$|account\/export(?:\/|$))/;

export function classify(request: { method: string; url: string; mode?: string }, origin: string): RequestKind {
  const url = new URL(request.url);
  if (url.origin !== origin) return 'pass';
  const path = url.pathname;
  // An API URL opened as a page is a download ("Download my data", ADR 080): the browser streams
  // it to disk; the worker neither stores it nor answers the offline shell for it.
  if (request.mode === 'navigate') return request.method === 'GET' && !path.startsWith('/api/') ? 'navigate' : 'pass';
  if (!path.startsWith('/api/')) return 'pass';
  if (request.method === 'POST' && (path === '/api/auth/sign-in' || path === '/api/auth/sign-up')) return 'signed-in';
  if ((request.method === 'POST' && path === '/api/auth/sign-out') || (request.method === 'DELETE' && path === '/api/account')) {
    return 'signed-out';
  }
  if (request.method !== 'GET') return 'pass';
  if (path === ME_PATH) return 'me';
  if (NEVER_STORED.test(path)) return 'pass';
  if (path.startsWith('/api/media/')) return 'photo';
  return 'api';
}

/**
 * The item a save toggles (its body, `ContentRef`), as the detail URL to read again; undefined if
 * not one. The page hands it to the worker through the outbox (ADR 102): a save on a first visit
 * is never seen by a worker still installing.
 */
export function savedItemUrl(body: unknown): string | undefined {
  if (!isObject(body) || typeof body.contentId !== 'string') return undefined;
  if (body.contentType !== 'tip' && body.contentType !== 'guide') return undefined;
  return `/api/${body.contentType}s/${encodeURIComponent(body.contentId)}`;
}

/** The key an answer is stored under: path and query, the same for the page's fetch and the worker's. */
export const cacheKey = (url: string, origin: string) => {
  const parsed = new URL(url, origin);
  return `${parsed.pathname}${parsed.search}`;
};

const UPLOADED_PHOTO = /^\/api\/media\/(?:tip-photos|guide-photos)\/[^/]+\/[^/]+?(?:\.thumb|\.mid)?\.webp$/;

/** An uploaded photo's sizes to answer with when the asked one is not stored, best first. */
export function photoFallbacks(path: string): string[] {
  if (!UPLOADED_PHOTO.test(path)) return [];
  const original = path.replace(/\.(?:thumb|mid)\.webp$/, '.webp');
  const thumb = thumbnailUrl(original);
  const mid = midUrl(original);
  if (path === thumb) return [mid, original];
  if (path === mid) return [original, thumb];
  return [mid, thumb];
}

/** What storing an answer means beyond itself: whether it is kept from eviction, and the photos to fetch with it. */
export interface KeepDecision {
  /** Saved or written by the member (or their own lists): never evicted for room (ADR 072). */
  keep: boolean;
  /** Photos to store with it, so it reads offline with its pictures. */
  photos: string[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

const DETAIL = /^\/api\/(?:tips|guides)\/[0-9a-f-]{36}$/i;

/** The photos a tip or a guide reads with offline: every thumbnail, and the cover in full size. */
export function detailPhotos(body: Json): string[] {
  const photos = strings(body.photoUrls);
  const cover = photos[0] ?? (typeof body.photoUrl === 'string' ? body.photoUrl : undefined);
  const all = [...photos.map(thumbnailUrl), ...(cover ? [cover] : [])];
  return [...new Set(all)];
}

/** The thumbnails of a list's cards (a list answer's items, or saved items' `item`). */
function cardThumbnails(body: Json): string[] {
  const items = Array.isArray(body.items) ? body.items : [];
  const urls = items.flatMap((entry: unknown) => {
    const card = isObject(entry) && isObject(entry.item) ? entry.item : entry;
    return isObject(card) && typeof card.photoUrl === 'string' ? [thumbnailUrl(card.photoUrl)] : [];
  });
  return [...new Set(urls)];
}

/**
 * Saved or written content is kept with its photos: a tip or a guide whose viewer flags say the
 * member owns or saved it, the member's Saved list and own content lists, and who they are.
 * Anything else is stored as seen and may be evicted.
 */
export function whatToKeep(path: string, body: unknown, memberId: string): KeepDecision {
  if (!isObject(body)) return { keep: false, photos: [] };
  if (path === ME_PATH) {
    const avatar = typeof body.profilePictureUrl === 'string' ? [body.profilePictureUrl] : [];
    return { keep: true, photos: avatar };
  }
  const pathname = path.split('?')[0] ?? path;
  if (DETAIL.test(pathname)) {
    const viewer = isObject(body.viewer) ? body.viewer : {};
    const keep = viewer.isOwner === true || viewer.hasSaved === true;
    return { keep, photos: keep ? detailPhotos(body) : [] };
  }
  const ownLists = pathname.startsWith('/api/saved') || pathname.startsWith(`/api/users/${encodeURIComponent(memberId)}/`);
  if (ownLists) return { keep: true, photos: cardThumbnails(body) };
  return { keep: false, photos: [] };
}

/** One stored answer in a member's index. */
export interface IndexEntry {
  /** When it was last stored (ms). */
  at: number;
  /** Its body's bytes. */
  size: number;
  /** Saved or written content (whatToKeep). */
  keep: boolean;
  /** The guides made available offline that it belongs to. */
  guides: string[];
}

export interface OfflineIndex {
  entries: Record<string, IndexEntry>;
  /** Guides made available offline, with when. */
  guides: Record<string, number>;
}

export const emptyIndex = (): OfflineIndex => ({ entries: {}, guides: {} });

export const usedBytes = (index: OfflineIndex) => Object.values(index.entries).reduce((sum, entry) => sum + entry.size, 0);

export const isProtected = (entry: IndexEntry) => entry.keep || entry.guides.length > 0;

/**
 * The entries to delete so the cache fits its budget: the oldest first, never one that is saved,
 * written or made available offline (ADR 072). If the protected ones alone exceed the budget,
 * every unprotected one goes and the cache stays over it.
 */
export function evictionOrder(index: OfflineIndex, budget: number): string[] {
  let total = usedBytes(index);
  if (total <= budget) return [];
  const candidates = Object.entries(index.entries)
    .filter(([, entry]) => !isProtected(entry))
    .sort(([, a], [, b]) => a.at - b.at);
  const evicted: string[] = [];
  for (const [url, entry] of candidates) {
    if (total <= budget) break;
    evicted.push(url);
    total -= entry.size;
  }
  return evicted;
}
