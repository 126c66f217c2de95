/**
 * A URL's first-paint plan from the route table (routes.tsx: which lazy modules it renders) and
 * the table of drawn pages (first-paint-pages.ts: what it reads, what it knows, its photo). The
 * render bundle hands the plan to the server (entry-server.tsx); the browser seeds its cache
 * from the same entry when it takes a drawn page over (main.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, matchRoutes } from 'react-router';
import type { Answers, FirstPaintPlan, Viewer } from '@common/first-paint';
import type { ImagePreload } from '@common/media-url';
import { DRAWN_PAGES, type PageFirstPaint, meRead, systemMessagesRead } from './first-paint-pages';
import { routeModule } from './routes';

/**
 * This module as Vite's manifest names it. The browser loads it only to take over a member's
 * drawn page (main.tsx), so the server preloads it with such a page's chunks.
 */
export const FIRST_PAINT_MODULE = 'src/app/first-paint-plan.ts';

/** What the member shell itself reads before any page: who is signed in, and the banners above the page. */
const SHELL_READS = [meRead, systemMessagesRead];

interface PageMatch {
  /** The matched route's full path, as DRAWN_PAGES names it (`/view-tip/:id`). */
  path: string;
  /** The lazy route modules it renders, outermost first. */
  modules: string[];
  firstPaint: PageFirstPaint | undefined;
  /** Whether the table draws it for members (else for visitors); undefined: not in the table. */
  isForMembers: boolean | undefined;
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

function matchPage(routes: RouteObject[], url: string): PageMatch {
  const { pathname, searchParams } = new URL(url, 'http://waymark.invalid');
  const matches = matchRoutes(routes, pathname) ?? [];
  const path = `/${matches
    .flatMap(({ route }) => (route.path ? [trimSlashes(route.path)] : []))
    .filter(Boolean)
    .join('/')}`;
  const modules = matches.flatMap(({ route }) => routeModule(route) ?? []);
  const page = matches.length > 0 ? DRAWN_PAGES[path] : undefined;
  const params = matches[matches.length - 1]?.params ?? {};
  return {
    path,
    modules,
    firstPaint: page?.firstPaint({ params, search: searchParams }),
    isForMembers: page ? page.viewer === 'member' : undefined,
  };
}

/** The drawn page's first paint for this viewer, or undefined when the URL is not drawn for them. */
function drawnFor(match: PageMatch, viewer: Viewer): PageFirstPaint | undefined {
  if (!match.firstPaint || match.isForMembers !== viewer.isMember) return undefined;
  // A member page is drawn inside the member shell, from the member's own answer, banners included.
  return viewer.isMember ? { ...match.firstPaint, reads: [...SHELL_READS, ...match.firstPaint.reads] } : match.firstPaint;
}

export function planFirstPaint(routes: RouteObject[], url: string, viewer: Viewer): FirstPaintPlan {
  const match = matchPage(routes, url);
  const drawn = drawnFor(match, viewer);
  const reads = drawn?.reads.map((read) => read.url) ?? [];
  const known = drawn?.known ?? {};
  return {
    // Every page asks who is signed in first, a member's the banners too; the page's own reads follow.
    fetches: [...new Set([meRead.url, ...(viewer.isMember ? [systemMessagesRead.url] : []), ...reads])],
    reads,
    known,
    isDrawn: drawn !== undefined,
    isShared: reads.length === 0,
    // A visitor's page needs no member chunks, and a visitor's other pages load their own.
    modules: viewer.isMember ? [...(drawn ? [FIRST_PAINT_MODULE] : []), ...match.modules] : [],
  };
}

/** The page's largest photo, from its answers. */
export function heroImage(routes: RouteObject[], url: string, answers: Answers): ImagePreload | undefined {
  return matchPage(routes, url).firstPaint?.hero?.(answers);
}

/**
 * Puts a drawn page's answers in the cache under their hooks' keys, so the server's render and
 * the browser's first render read the same data, synchronously. Answers for URLs the page does
 * not read are left out (the API wrapper still answers them once, lib/first-paint.ts).
 */
export function seedFirstPaint(client: QueryClient, routes: RouteObject[], url: string, answers: Answers): void {
  const reads = [...SHELL_READS, ...(matchPage(routes, url).firstPaint?.reads ?? [])];
  for (const read of reads) if (read.url in answers) read.seed(client, answers[read.url]);
}
