/**
 * Serves the built client (dist/web) from the API's own process: hashed assets cache for a
 * year and go precompressed (brotli or gzip) when the browser accepts it; every non-API path
 * answers index.html so React Router can route it, with preloads of the API requests and the
 * route chunks that page needs first (route-preloads.ts, chunk-preloads.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './error-handler';
import { type Manifest, chunkUrls } from './chunk-preloads';
import { routeModules, routePreloads, withPreloads } from './route-preloads';

export interface WebClientOptions {
  root: string;
  /** Whether a Cookie header carries a session (the session cookie's own parser, from app.ts). */
  hasSession: (cookieHeader: string) => boolean;
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
  const indexHtml = cachedFile(path.join(opts.root, 'index.html'), (text) => text);
  const manifestPath = path.join(opts.root, '.vite/manifest.json');
  const manifest = existsSync(manifestPath) ? cachedFile(manifestPath, (text) => JSON.parse(text) as Manifest) : async () => ({});
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0]}`));
    }
    reply.header('cache-control', 'no-cache');
    // Signed out, those requests would only fail: the page sends the visitor to sign in.
    const cookie = request.headers.cookie;
    const modules = cookie && opts.hasSession(cookie) ? routeModules(request.url) : [];
    if (modules.length === 0) return reply.sendFile('index.html');
    const preloads = { fetches: routePreloads(request.url), modules: chunkUrls(await manifest(), modules) };
    return reply.type('text/html; charset=utf-8').send(withPreloads(await indexHtml(), preloads));
  });
});

/** The file's content, read (and parsed) again only when it changes (a rebuild while the server runs). */
function cachedFile<T>(filePath: string, parse: (text: string) => T): () => Promise<T> {
  let cached: { mtimeMs: number; value: T } | undefined;
  return async () => {
    const { mtimeMs } = await stat(filePath);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: parse(await readFile(filePath, 'utf8')) };
    return cached.value;
  };
}
