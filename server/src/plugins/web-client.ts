/**
 * Serves the built client (dist/web) from the API's own process: hashed assets cache for a
 * year and go precompressed (brotli or gzip) when the browser accepts it; every non-API path
 * answers the page template filled for that page (page-html.ts). What a page's first paint needs
 * is the client's to say (issue 20, ADR 039): the server asks the render bundle for the page's
 * plan (render-bundle.ts), answers its API reads in-process for a signed-in member and inlines
 * them with a preload of the page's largest photo (ADR 019), preloads its route chunks
 * (chunk-preloads.ts), and for a drawn page puts the bundle's markup in (ADRs 022-024).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Answers, type FirstPaintPlan, OFFLINE_SHELL_PATH, PAGE_ASSETS_FILE, type PageAssets } from '@common/first-paint';
import { type ThemeChoice, themeFromCookies } from '@common/theme';
import { errorBody } from './error-handler';
import { type Manifest, chunkUrls } from './chunk-preloads';
import { browserPage, drawnPage } from './page-html';
import { type LoadedBundle, renderBundle } from './render-bundle';
import { type LinkPreview, withLinkPreview } from './link-preview';

export interface WebClientOptions {
  root: string;
  /** Whether a Cookie header carries a session (the session cookie's own parser, from app.ts). */
  hasSession: (cookieHeader: string) => boolean;
  /** The render bundle (dist/ssr/entry-server.js); none or missing: pages stay empty, the browser draws them. */
  ssrEntry?: string;
  /**
   * A page URL's own link preview (link-preview.ts: a working share link's); null for a share
   * link that does not work (a 404 page); undefined for every other page (the template's "Waymark").
   */
  linkPreview?: (url: string) => Promise<LinkPreview | null | undefined>;
}

/** Without a render bundle: no preloads, no answers, nothing drawn. */
const NO_PLAN: FirstPaintPlan = { fetches: [], reads: [], known: {}, isDrawn: false, isShared: true, modules: [] };

export const webClientPlugin = fp(async (app: FastifyInstance, opts: WebClientOptions) => {
  const templatePath = path.join(opts.root, 'index.html');
  const hasBuild = existsSync(templatePath) && existsSync(path.join(opts.root, PAGE_ASSETS_FILE));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      // Files are looked up per request, so a rebuild while running needs no restart.
      wildcard: true,
      // The build writes .br and .gz beside each text asset (vite.config.ts): sent as they are.
      preCompressed: true,
      // index.html is the page template, never sent as it is: every page comes from servePage.
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const bundle = renderBundle(opts.ssrEntry, app.log);
  const stylesheet = assetText(opts.root);
  const template = cachedFile(templatePath, (text) => text);
  const assets = cachedFile(path.join(opts.root, PAGE_ASSETS_FILE), (text) => JSON.parse(text) as PageAssets);
  const manifestPath = path.join(opts.root, '.vite/manifest.json');
  const manifest = existsSync(manifestPath)
    ? cachedFile(manifestPath, (text) => JSON.parse(text) as Manifest)
    : () => Promise.resolve({});
  const shared = sharedPages();

  // Every page path answers from here; `/` too, ahead of the static files (ADR 024).
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}`));
    }
    // The same page for everyone who asks, revalidated each time; `/` differs with the session
    // (the drawn sign-in page or the browser's), so every page varies on the cookie.
    reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-encoding');
    const cookie = request.headers.cookie;
    // The member's theme goes on <html>, so the first paint has it (ADR 052).
    const theme = themeFromCookies(cookie);
    const loaded = await bundle();
    const plan = loaded?.plan(request.url, { isMember: Boolean(cookie && opts.hasSession(cookie)) }) ?? NO_PLAN;
    const preview = await opts.linkPreview?.(request.url);
    if (preview === null) reply.status(404);
    if (plan.isShared && !preview) {
      // Nothing of the viewer's in it but the theme: built once per build, plan and theme (the
      // sign-in page: drawn once, kept in three variants).
      const key = JSON.stringify([loaded?.version, await template(), plan, plan.isDrawn && request.url, theme]);
      return sendEncoded(request, reply, await shared(key, () => buildPage(request.url, plan, loaded, theme, {}, [])));
    }
    const { answers, failed } = await firstAnswers(app, request, plan.reads);
    const page = await buildPage(request.url, plan, loaded, theme, answers, failed);
    const html = preview ? withLinkPreview(page, preview) : page;
    // The page now holds this member's data: no cache may keep it, the browser's own included
    // (ADR 032), so it is gone from the machine with the session.
    reply.header('cache-control', 'private, no-store');
    return sendEncoded(request, reply, encodedOnce(html, 5));
  };
  app.setNotFoundHandler(servePage);
  if (hasBuild) app.get('/', { config: { access: 'public' } }, servePage);

  // The service worker's offline page (ADR 070): the browser-drawn template with no answers and
  // the system theme, whoever asks, cookie or not; it boots the app, which reads the worker's cache.
  if (hasBuild) {
    app.get(OFFLINE_SHELL_PATH, { config: { access: 'public' } }, async (request, reply) => {
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      const key = JSON.stringify([OFFLINE_SHELL_PATH, await template(), await assets()]);
      const empty = { fetches: [], modules: [], answers: {}, theme: 'system' } as const;
      return sendEncoded(request, reply, await shared(key, async () => browserPage(await template(), await assets(), empty)));
    });
  }

  /** The page drawn when its plan says so and every read succeeded, else left to the browser. */
  async function buildPage(
    url: string,
    plan: FirstPaintPlan,
    loaded: LoadedBundle | undefined,
    theme: ThemeChoice,
    read: Answers,
    failed: string[],
  ) {
    const answers = { ...plan.known, ...read };
    const page = {
      // What is not inlined is preloaded: the page meets a failure the usual way.
      fetches: plan.fetches.filter((fetchUrl) => !(fetchUrl in answers)),
      modules: chunkUrls(await manifest(), plan.modules),
      answers,
      hero: Object.keys(answers).length > 0 ? loaded?.heroImage(url, answers) : undefined,
      theme,
    };
    const markup = plan.isDrawn && failed.length === 0 ? await loaded?.renderPage(url, answers) : undefined;
    const pageAssets = await assets();
    if (markup === undefined) return browserPage(await template(), pageAssets, page);
    const stylesheets = Object.fromEntries(
      await Promise.all(pageAssets.stylesheets.map(async (href) => [href, await stylesheet(href)] as const)),
    );
    return drawnPage(await template(), pageAssets, { ...page, markup, stylesheets });
  }
});

/**
 * The page's first API requests, answered in-process as the browser's own would be (its cookie,
 * user agent and address; the route checks access as always). What succeeds is inlined; what
 * fails stays a preload, so the page meets the failure the usual way.
 */
async function firstAnswers(app: FastifyInstance, request: FastifyRequest, urls: readonly string[]) {
  const answers: Answers = {};
  const failed: string[] = [];
  const headers = {
    accept: 'application/json',
    cookie: request.headers.cookie ?? '',
    'user-agent': request.headers['user-agent'] ?? '',
  };
  // Side by side: a member page reads "who", the banners and its own content.
  const responses = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url, headers, remoteAddress: request.ip })));
  urls.forEach((url, index) => {
    const res = responses[index]!;
    if (res.statusCode === 200) answers[url] = res.json();
    else failed.push(url);
  });
  return { answers, failed };
}

/** A page's HTML with its brotli and gzip forms, each made on first use. */
interface Encoded {
  html: string;
  br(): Buffer;
  gzip(): Buffer;
}

function encodedOnce(html: string, brotliQuality: number): Encoded {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    br: () => (br ??= brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } })),
    gzip: () => (gzip ??= gzipSync(html, { level: brotliQuality === 11 ? 9 : 6 })),
  };
}

/** Pages with nothing of the viewer's, by key; a handful per build (one per plan), so the memo is small. */
function sharedPages() {
  const pages = new Map<string, Promise<Encoded>>();
  return (key: string, build: () => Promise<string>): Promise<Encoded> => {
    let page = pages.get(key);
    if (!page) {
      if (pages.size >= 200) pages.clear();
      // Built once, compressed at the highest level: every visitor downloads it.
      page = build().then((html) => encodedOnce(html, 11));
      page.catch(() => pages.delete(key));
      pages.set(key, page);
    }
    return page;
  };
}

/** Brotli or gzip when the browser takes it: with its inlined data a page's HTML is ~10 KB. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, page: Encoded) {
  reply.type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br());
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip());
  return reply.send(page.html);
}

/** A built asset's text by its URL (`/assets/...`: hashed, so never changed), or undefined. */
function assetText(root: string) {
  const texts = new Map<string, string>();
  return async (href: string) => {
    if (!texts.has(href)) {
      try {
        texts.set(href, await readFile(path.join(root, href), 'utf8'));
      } catch {
        return undefined;
      }
    }
    return texts.get(href);
  };
}

/** The file's content, read (and parsed) again only when it changes (a rebuild while the server runs). */
function cachedFile<T>(filePath: string, parse: (text: string) => T): () => Promise<T> {
  let cached: { mtimeMs: number; value: T } | undefined;
  return async () => {
    const { mtimeMs } = await stat(filePath);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: parse(await readFile(filePath, 'utf8')) };
    return cached.value;
  };
}
