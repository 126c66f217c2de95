/**
 * The API requests and route modules a page needs for its first paint, named in the HTML served
 * for it so the browser starts them with the HTML instead of after the JavaScript (issue 7: on a
 * phone the JS takes ~1 s to arrive). index.html itself preloads `/api/auth/me`, asked by every page.
 *
 * web-client.ts inlines the responses of those API requests when it can (first-paint.ts) and
 * preloads the rest. Each URL must be exactly the one the client fetches
 * (web/src/features/.../api/*.ts) or the browser fetches twice; tests/e2e/tips.spec.ts checks it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Who is signed in: every page asks it first, and index.html preloads it. */
export const ME = '/api/auth/me';

/**
 * The pages the server draws (server-render.ts), from the member's own answer to ME and their
 * routePreloads: a tip's, a guide's, and explore as it opens (its first page in a plain grid,
 * ADR 023). A filtered explore is not: its first page is not guessed.
 */
export function isServerRendered(url: string): boolean {
  return (url === '/explore' || /^\/view-(tip|guide)\/[^/?#]+$/.test(url)) && routePreloads(url).length > 0;
}

/** index.html without its preload of ME, for a page whose HTML carries the answer. */
export function withoutMePreload(html: string): string {
  return html.replace(/<link rel="preload" href="\/api\/auth\/me"[^>]*>/, '');
}

/** Explore's first page without filters: `getExplore` with the client's PAGE_SIZE (12). */
export const EXPLORE_FIRST_PAGE = '/api/explore?limit=12';

/** The API URLs to preload for a page path (no query string: a filtered list is not guessed). */
export function routePreloads(url: string): string[] {
  if (url === '/explore') return [EXPLORE_FIRST_PAGE];
  const tip = /^\/view-tip\/([^/?#]+)$/.exec(url);
  if (tip?.[1] && UUID.test(tip[1])) return [`/api/tips/${tip[1]}`];
  const guide = /^\/view-guide\/([^/?#]+)$/.exec(url);
  if (guide?.[1] && UUID.test(guide[1])) return [`/api/guides/${guide[1]}`];
  return [];
}

/** The member shell every signed-in page renders in (web/src/app/router.tsx). */
const MEMBER_SHELL = 'src/app/routes/app-root.tsx';

/** Member pages whose route module is `src/app/routes/<first path segment>.tsx` (router.tsx). */
const MEMBER_PAGES = new Set([
  'dashboard',
  'explore',
  'tips',
  'saved',
  'notifications',
  'profile',
  'connections',
  'user-connections',
  'new-tip',
  'new-guide',
  'view-tip',
  'view-guide',
  'edit-tip',
  'edit-guide',
  'admin',
]);

/** The lazy route modules (keys of Vite's manifest) a member page renders: the shell and its own. */
export function routeModules(url: string): string[] {
  const page = /^\/([a-z-]+)(?:\/[^/?#]+)?(?:\?.*)?$/.exec(url)?.[1];
  return page && MEMBER_PAGES.has(page) ? [MEMBER_SHELL, `src/app/routes/${page}.tsx`] : [];
}

export interface Preloads {
  /** API URLs, fetched as the client will. */
  fetches: readonly string[];
  /** JavaScript chunk URLs (chunk-preloads.ts). */
  modules: readonly string[];
  /** Inlined responses and their photos' preloads (first-paint.ts firstPaintHead). */
  firstPaint?: { photos: string; script: string };
}

/**
 * index.html with a preload link for each URL at the end of its head, but the photos' first,
 * right after its viewport: a phone opens six connections per host, and the ~20 scripts named
 * before them would otherwise take those first (the photo is the page's largest paint).
 */
export function withPreloads(html: string, { fetches, modules, firstPaint = { photos: '', script: '' } }: Preloads): string {
  if (fetches.length === 0 && modules.length === 0 && !firstPaint.script) return html;
  const links = [
    ...fetches.map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous" />`),
    // crossorigin as Vite writes its own: a module's request is CORS, and a preload must match it to be used.
    ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
  ];
  // After the viewport's meta tag: before it a phone lays out 980 px wide and picks a larger copy.
  const viewport = /<meta name="viewport"[^>]*>/.exec(html)?.[0];
  const early = viewport ? html.replace(viewport, () => `${viewport}${firstPaint.photos}`) : html;
  const late = viewport ? links : [firstPaint.photos, ...links];
  return early.replace('</head>', () => `${late.join('')}${firstPaint.script}</head>`);
}
