/**
 * Serves the built client (dist/web) from the API's own process: hashed assets cache for a
 * year and go precompressed (brotli or gzip) when the browser accepts it; every non-API path
 * answers index.html so React Router can route it, with the route chunks that page needs first
 * as preloads (route-preloads.ts, chunk-preloads.ts) and, for a signed-in member, its first API
 * responses inlined with a preload of its largest photo (first-paint.ts) and, for a tip or a
 * guide, the page itself drawn from them (server-render.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './error-handler';
import { type Manifest, chunkUrls } from './chunk-preloads';
import { withDeferredScripts } from './deferred-scripts';
import { firstPaintHead } from './first-paint';
import { ME, isServerRendered, routeModules, routePreloads, withPreloads, withoutMePreload } from './route-preloads';
import { serverRenderer, withInlineStylesheet, withRootMarkup } from './server-render';

export interface WebClientOptions {
  root: string;
  /** Whether a Cookie header carries a session (the session cookie's own parser, from app.ts). */
  hasSession: (cookieHeader: string) => boolean;
  /** The server-rendering build's entry (dist/ssr/entry-server.js); none or missing: pages stay empty. */
  ssrEntry?: string;
}

export const webClientPlugin = fp(async (app: FastifyInstance, opts: WebClientOptions) => {
  const hasBuild = existsSync(path.join(opts.root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      // Files are looked up per request, so a rebuild while running needs no restart.
      wildcard: true,
      // The build writes .br and .gz beside each text asset (vite.config.ts): sent as they are.
      preCompressed: true,
      index: 'index.html',
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const renderPage = opts.ssrEntry ? serverRenderer(opts.ssrEntry, app.log) : async () => undefined;
  const stylesheet = assetText(opts.root);
  const indexHtml = cachedFile(path.join(opts.root, 'index.html'), (text) => text);
  const manifestPath = path.join(opts.root, '.vite/manifest.json');
  const manifest = existsSync(manifestPath) ? cachedFile(manifestPath, (text) => JSON.parse(text) as Manifest) : async () => ({});
  // Every page path answers from here; `/` too, ahead of the static files' index (ADR 024).
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}`));
    }
    // The same page for everyone who asks, revalidated each time; `/` differs with the session
    // (the drawn sign-in page or index.html), so every page varies on the cookie.
    reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-encoding');
    const cookie = request.headers.cookie;
    const isMember = Boolean(cookie && opts.hasSession(cookie));
    if (!isMember && request.url === SIGN_IN_PAGE) {
      const html = await signInPage();
      // A member who opens `/` is sent on by the page, which must then be index.html.
      if (html) return sendHtml(request, reply, html);
    }
    // Signed out, those requests would only fail: the page sends the visitor to sign in.
    const modules = isMember ? routeModules(request.url) : [];
    if (modules.length === 0) return reply.sendFile('index.html');
    const drawn = isServerRendered(request.url);
    const { responses, failed } = await firstResponses(
      app,
      request,
      drawn ? [ME, ...routePreloads(request.url)] : routePreloads(request.url),
    );
    const markup = drawn && failed.length === 0 ? await renderPage(request.url, responses) : undefined;
    // Unless the page is drawn, ME stays with index.html's own preload.
    if (!markup) delete responses[ME];
    const fetches = failed.filter((url) => url !== ME);
    const preloads = { fetches, modules: chunkUrls(await manifest(), modules), firstPaint: firstPaintHead(responses) };
    const html = withPreloads(await indexHtml(), preloads);
    // The page now holds this member's data: no cache may keep it, the browser's own included
    // (ADR 032), so it is gone from the machine with the session.
    reply.header('cache-control', 'private, no-store').header('vary', 'cookie, accept-encoding');
    if (!markup) return sendHtml(request, reply, html);
    return sendHtml(request, reply, await drawnPage(html, markup));
  };
  app.setNotFoundHandler(servePage);
  if (hasBuild) app.get('/', { config: { access: 'public' } }, servePage);

  /** index.html (with its preloads) holding the drawn markup, its stylesheet, its scripts deferred. */
  async function drawnPage(html: string, markup: string): Promise<string> {
    return withRootMarkup(withDeferredScripts(await withInlineStylesheet(withoutMePreload(html), stylesheet)), markup);
  }

  /**
   * The sign-in page as every visitor without a session sees it, drawn once per build: no
   * request is made for it, the answer to "who is signed in" being known (ADR 024).
   */
  let signIn: { index: string; html: Promise<string | undefined> } | undefined;
  async function signInPage(): Promise<string | undefined> {
    const index = await indexHtml();
    if (signIn?.index !== index) {
      const draw = async () => {
        const markup = await renderPage(SIGN_IN_PAGE, SIGNED_OUT);
        return (
          markup && drawnPage(withPreloads(index, { fetches: [], modules: [], firstPaint: firstPaintHead(SIGNED_OUT) }), markup)
        );
      };
      signIn = { index, html: draw() };
    }
    return signIn.html;
  }
});

/** `/`: the sign-in page for a visitor (web/src/app/routes/landing.tsx). */
const SIGN_IN_PAGE = '/';
/** What `/api/auth/me` answers a visitor without a session, as the client's query holds it. */
const SIGNED_OUT = { [ME]: null };

/**
 * The page's first API requests, answered in-process as the browser's own would be (its cookie,
 * user agent and address; the route checks access as always). What succeeds is inlined; what
 * fails stays a preload, so the page meets the failure the usual way.
 */
async function firstResponses(app: FastifyInstance, request: FastifyRequest, urls: string[]) {
  const responses: Record<string, unknown> = {};
  const failed: string[] = [];
  for (const url of urls) {
    const headers = {
      accept: 'application/json',
      cookie: request.headers.cookie ?? '',
      'user-agent': request.headers['user-agent'] ?? '',
    };
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    if (res.statusCode === 200) responses[url] = res.json();
    else failed.push(url);
  }
  return { responses, failed };
}

/** Brotli or gzip when the browser takes it: with its inlined data a page's HTML is ~10 KB. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
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
