/**
 * A stand-in for the built client (dist/web and dist/ssr) in a temporary directory, for the
 * web client's tests: the page template with the placeholders vite.config.ts writes, the assets
 * beside it, and a render bundle given as JavaScript source.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_ASSETS_FILE, PAGE_PLACEHOLDERS, type PageAssets } from '@common/first-paint';

const { theme, hero, head, html, body } = PAGE_PLACEHOLDERS;

export const STAND_IN_TEMPLATE = [
  `<!doctype html><html${theme}><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" />`,
  hero,
  `<title>Waymark</title>${head}</head><body><div id="root">${html}</div>${body}</body></html>`,
].join('');

export const STAND_IN_ASSETS: PageAssets = {
  entry: '/assets/index-1.js',
  modules: ['/assets/vendor-1.js'],
  stylesheets: ['/assets/index-1.css'],
};

export interface StandInClient {
  dir: string;
  /** dist/web */
  root: string;
  /** dist/ssr/entry-server.js, when a bundle was given */
  ssrEntry: string | undefined;
  remove(): void;
}

export function standInClient({ bundle, manifest }: { bundle?: string; manifest?: object } = {}): StandInClient {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'waymark-client-'));
  const root = path.join(dir, 'web');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, 'index.html'), STAND_IN_TEMPLATE);
  writeFileSync(path.join(root, PAGE_ASSETS_FILE), JSON.stringify(STAND_IN_ASSETS));
  writeFileSync(path.join(root, 'assets/index-1.css'), 'body{margin:0}');
  if (manifest) writeFileSync(path.join(root, '.vite/manifest.json'), JSON.stringify(manifest));
  const ssrEntry = bundle === undefined ? undefined : path.join(dir, 'entry-server.js');
  if (ssrEntry && bundle !== undefined) writeFileSync(ssrEntry, bundle);
  return { dir, root, ssrEntry, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A render bundle that plans as the client's table does (web/src/app/first-paint-pages.ts):
 * explore as it opens, a tip's and a guide's page for a member, the sign-in page for a visitor;
 * the member shell and the page's own module for a member page. `renderPage` is given as source.
 */
export function standInBundle(renderPage: string): string {
  return `
const ME = '/api/auth/me';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MEMBER_PAGES = ['dashboard', 'explore', 'view-tip', 'view-guide', 'profile'];
function readsOf(pathname, search, isMember) {
  if (!isMember) return pathname === '/' && !search ? [] : undefined;
  if (pathname === '/explore') return search ? undefined : [ME, '/api/explore?limit=12'];
  const page = /^\\/view-(tip|guide)\\/([^/]+)$/.exec(pathname);
  if (page && UUID.test(page[2])) return [ME, '/api/' + page[1] + 's/' + page[2]];
  return undefined;
}
export function planFirstPaint(url, { isMember }) {
  const { pathname, search } = new URL(url, 'http://waymark.invalid');
  const drawn = readsOf(pathname, search, isMember);
  const reads = drawn ?? [];
  const parts = pathname.split('/');
  const modules = isMember && parts.length <= 3 && MEMBER_PAGES.includes(parts[1])
    ? ['src/app/routes/app-root.tsx', 'src/app/routes/' + parts[1] + '.tsx'] : [];
  return {
    fetches: [...new Set([ME, ...reads])],
    reads,
    known: drawn && !isMember ? { [ME]: null } : {},
    isDrawn: drawn !== undefined,
    isShared: reads.length === 0,
    modules,
  };
}
export function heroImage(url, answers) {
  const body = Object.entries(answers).find(([key]) => key !== ME)?.[1];
  const photo = body?.items?.[0]?.photoUrl ?? body?.photoUrls?.[0];
  return photo ? { href: photo, srcset: photo + ' 2048w', sizes: '100vw' } : undefined;
}
export async function renderPage(url, answers) { ${renderPage} }
`;
}
