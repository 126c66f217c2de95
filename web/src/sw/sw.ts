/**
 * Waymark's service worker (issue 23; ADRs 070-072), built by vite-plugin-pwa (injectManifest)
 * to /sw.js. It precaches the build's hashed scripts and styles and the offline shell; pages go
 * to the network and fall back to that shell; a signed-in member's reads and photos go to the
 * network first and are stored in that member's own cache, which answers them offline.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { createMemberStore } from './member-store';
import type { ToWorker } from './messages';
import { KEEP_FOR_GUIDE_HEADER, OFFLINE_SHELL_URL, cacheKey, classify, photoFallbacks } from './policy';
import { createOutboxReplay } from './replay';

// The few service-worker types used, declared here: the app's TypeScript program has the DOM's
// globals, whose `self` is a window, and the WebWorker library cannot join it.
type WaitUntil = { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = Event & WaitUntil & { readonly request: Request; respondWith(response: Promise<Response>): void };
type WorkerMessageEvent = MessageEvent<ToWorker> & WaitUntil;
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'activate', listener: (event: Event & WaitUntil) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
};

const origin = self.location.origin;
const store = createMemberStore({
  caches,
  fetch: (url) => fetch(url, { credentials: 'same-origin' }),
  now: () => Date.now(),
});
const outbox = createOutboxReplay({ caches, store, fetch: (url) => fetch(url, { credentials: 'same-origin' }) });

// The build's scripts, styles, icons and the offline shell. A new version waits until the member
// chooses Reload (messages below): the open tabs keep the scripts they started with.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// What the page asked before this worker was active (a first visit: saves, writes, "Make available
// offline" while it installed) is replayed before it takes the pages over (ADR 102). The pages'
// requests wait for the activation to end, so none is answered before the replay is done.
self.addEventListener('activate', (event) => event.waitUntil(outbox.replay().then(() => self.clients.claim())));

self.addEventListener('message', (event) => {
  const message = event.data;
  const reply = (work: Promise<unknown>) =>
    event.waitUntil(work.then((value) => event.ports[0]?.postMessage(value)).catch(() => event.ports[0]?.postMessage(null)));
  switch (message.type) {
    case 'skip-waiting':
      event.waitUntil(self.skipWaiting());
      return;
    case 'outbox':
    case 'status':
      reply(outbox.replay().then(() => store.status()));
      return;
    case 'page-answers':
      event.waitUntil(storePageAnswers(message.answers, message.at).then(() => outbox.replay()));
      return;
    case 'member':
      reply(store.setMember(message.id));
      return;
    case 'guide-kept':
      reply(store.keepGuide(message.guideId));
      return;
    case 'drop-guide':
      reply(store.dropGuide(message.guideId));
      return;
    case 'drop-member':
      reply(store.dropMember(message.memberId));
      return;
    case 'clear':
      reply(store.clear());
      return;
  }
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const kind = classify(request, origin);
  switch (kind) {
    case 'pass':
      return;
    case 'navigate':
      event.respondWith(navigate(request));
      return;
    case 'signed-in':
      event.respondWith(afterSignIn(request, event));
      return;
    case 'signed-out':
      event.respondWith(afterSignOut(request, event));
      return;
    default:
      event.respondWith(networkFirst(request, kind, event));
  }
});

/** Pages always come from the server (one may hold a member's data: never stored); offline, the shell. */
async function navigate(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await matchPrecache(OFFLINE_SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

/** Answers that say the member may no longer read a URL: its stored copy goes (ADR 109). */
const GONE_STATUSES = new Set([403, 404, 410]);

async function networkFirst(request: Request, kind: 'me' | 'api' | 'photo', event: FetchEvent): Promise<Response> {
  const memberId = await store.currentMember();
  // A visitor's requests are never stored, nor answered from anyone's cache.
  if (!memberId && kind !== 'me') return fetch(request);
  const key = cacheKey(request.url, origin);
  const guideId = request.headers.get(KEEP_FOR_GUIDE_HEADER) ?? undefined;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const stored = memberId ? await offlineAnswer(key, kind) : undefined;
    if (stored) return stored;
    throw error;
  }
  if (kind === 'me') {
    // The server says who is signed in: a 401 online means nobody, and every member cache goes.
    if (response.status === 401) event.waitUntil(store.setMember(null));
    else if (response.ok) event.waitUntil(learnMember(response.clone(), key));
    return response;
  }
  if (response.status === 200 && response.type === 'basic' && memberId) {
    event.waitUntil(store.store(memberId, key, response.clone(), guideId));
  } else if (GONE_STATUSES.has(response.status) && memberId) {
    event.waitUntil(store.forget(memberId, key));
  }
  return response;
}

async function offlineAnswer(key: string, kind: 'me' | 'api' | 'photo'): Promise<Response | undefined> {
  const stored = await store.match(key);
  if (stored || kind !== 'photo') return stored;
  for (const other of photoFallbacks(key)) {
    const fallback = await store.match(other);
    if (fallback) return fallback;
  }
  return undefined;
}

async function learnMember(response: Response, key: string) {
  const body = (await response.clone().json()) as { id?: unknown };
  if (typeof body.id !== 'string') return;
  await store.setMember(body.id);
  await store.store(body.id, key, response);
}

async function afterSignIn(request: Request, event: FetchEvent): Promise<Response> {
  const response = await fetch(request);
  if (response.ok) {
    event.waitUntil(
      response
        .clone()
        .json()
        .then((body: { id?: unknown }) => (typeof body.id === 'string' ? store.setMember(body.id) : undefined))
        .catch(() => undefined),
    );
  }
  return response;
}

/** Sign-out clears whatever the server answers (the member asked to leave); a deletion once it is done. */
async function afterSignOut(request: Request, event: FetchEvent): Promise<Response> {
  const isSignOut = request.method === 'POST';
  try {
    const response = await fetch(request);
    if (isSignOut || response.ok) event.waitUntil(store.setMember(null));
    return response;
  } catch (error) {
    if (isSignOut) event.waitUntil(store.setMember(null));
    throw error;
  }
}

/**
 * The answers the server inlined in a page: the worker did not see them go by. The page's own
 * "who is signed in" says whose they are (null: a visitor's page, and every member cache goes),
 * unless the worker learnt newer since the page loaded (ADR 102: the sign-in page's answers
 * arrive once the worker is active, maybe after the member signed in from that very page).
 */
async function storePageAnswers(text: string, at = Date.now()) {
  let answers: Record<string, unknown>;
  try {
    answers = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return;
  }
  if (!('/api/auth/me' in answers)) return;
  const me = answers['/api/auth/me'] as { id?: unknown } | null;
  if (me === null) return store.setMember(null, at);
  if (typeof me.id !== 'string') return;
  const memberId = me.id;
  await store.setMember(memberId, at);
  if ((await store.currentMember()) !== memberId) return;
  await Promise.all(
    Object.entries(answers).map(([url, body]) => {
      const kind = classify({ method: 'GET', url: new URL(url, origin).href }, origin);
      if (kind !== 'api' && kind !== 'me') return Promise.resolve();
      const response = new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      return store.store(memberId, cacheKey(url, origin), response);
    }),
  );
}
