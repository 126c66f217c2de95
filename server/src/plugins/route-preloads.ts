/**
 * The API requests a page needs for its first paint, named in the HTML served for it so the
 * browser starts them with the HTML instead of after the JavaScript (issue 7: on a phone the JS
 * takes ~1 s to arrive). index.html itself preloads `/api/auth/me`, asked by every page.
 *
 * Each URL must be exactly the one the client fetches (web/src/features/.../api/*.ts) or the
 * browser fetches twice; tests/e2e/tips.spec.ts checks that each preload is used.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

/** index.html with a preload link for each URL, at the end of its head. */
export function withPreloads(html: string, urls: readonly string[]): string {
  if (urls.length === 0) return html;
  const links = urls.map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous" />`).join('');
  return html.replace('</head>', `${links}</head>`);
}
