/**
 * What passes between the server and the client's render bundle (web/src/entry-server.tsx) for
 * a page's first paint (issue 20, ADR 039). The client declares each drawn page in one table
 * (web/src/app/first-paint-pages.ts); the server asks the bundle for a page's plan, answers the
 * plan's API reads in-process, asks the bundle to draw, and fills the page template's
 * placeholders (vite.config.ts `pageTemplate`).
 *
 * The reads' answers travel inside the HTML (issue 7: on a phone they otherwise start only after
 * ~1 s of JavaScript, and the photo they name after that):
 * `<script type="application/json" id="waymark-first-paint">{"<API URL>": body, ...}</script>`.
 * The client's API wrapper answers each URL from it once (web/src/lib/first-paint.ts).
 */
import type { ImagePreload } from './media-url';

export const FIRST_PAINT_ID = 'waymark-first-paint';

/**
 * The page the service worker keeps to open the app offline (issue 23, ADR 070): the template
 * with the build's scripts and nothing of any viewer's, the same for everyone.
 */
export const OFFLINE_SHELL_PATH = '/offline-shell';

/** After this long a page's inlined responses are old news: a request goes to the server. */
export const FIRST_PAINT_MAX_AGE_MS = 10_000;

/** API answers by URL, as the client's API wrapper would receive them. */
export type Answers = Record<string, unknown>;

/** Who asks for the page: the server knows it from the session cookie alone. */
export interface Viewer {
  isMember: boolean;
}

export interface FirstPaintPlan {
  /** API URLs the page fetches first, each preloaded unless its answer is inlined. */
  fetches: string[];
  /** The part of `fetches` the server answers in-process for this page and inlines when they succeed. */
  reads: string[];
  /** Answers known without asking (the sign-in page: "signed out"), inlined as they are. */
  known: Answers;
  /** The server draws the page when every read succeeded. */
  isDrawn: boolean;
  /** The same HTML for every viewer of this kind: drawn once per build. */
  isShared: boolean;
  /** The lazy route modules the page renders (keys of Vite's manifest), preloaded with it. */
  modules: string[];
}

/** What the render bundle (dist/ssr/entry-server.js) exports. */
export interface RenderBundle {
  planFirstPaint(url: string, viewer: Viewer): FirstPaintPlan;
  /** The page's largest photo, from its answers (the photo its first render marks `fetchpriority="high"`). */
  heroImage(url: string, answers: Answers): ImagePreload | undefined;
  /** The markup of `#root`, or undefined when the page would not draw from these answers alone. */
  renderPage(url: string, answers: Answers): Promise<string | undefined>;
}

/** The placeholders of the built page template (dist/web/index.html), written by vite.config.ts. */
export const PAGE_PLACEHOLDERS = {
  /** Inside the `<html>` tag: the member's theme, ` data-theme="dark"` or nothing (common/theme.ts). */
  theme: '<!--app-theme-->',
  /** Right after the viewport's meta tag: the hero photo's preload (ADR 022). */
  hero: '<!--app-hero-->',
  /** End of the head: preloads, inlined answers, the stylesheet and the scripts (or their deferral). */
  head: '<!--app-head-->',
  /** Inside `#root`: the drawn markup. */
  html: '<!--app-html-->',
  /** End of the body: what follows the drawn markup. */
  body: '<!--app-body-->',
} as const;

/** The build's own assets for the page, written beside the template (dist/web/.vite/page-assets.json). */
export interface PageAssets {
  /** The entry script's URL. */
  entry: string;
  /** The chunks the entry imports statically, preloaded with it. */
  modules: string[];
  /** Stylesheet URLs. */
  stylesheets: string[];
}

export const PAGE_ASSETS_FILE = '.vite/page-assets.json';
