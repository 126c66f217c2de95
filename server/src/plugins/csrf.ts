/**
 * Cross-site request forgery protection (ADR 002) on every state-changing request:
 * the client sends a custom header that a cross-site form or image cannot, and a browser's
 * Origin (or Sec-Fetch-Site) must say the request comes from this site.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TEXTS } from '@common/texts';
import { ForbiddenError } from '../lib/errors';

export const CSRF_HEADER = 'x-waymark-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only for a route whose own signed token is its whole authority (the unsubscribe link, ADR 090). */
    csrfExempt?: boolean;
  }
}

function isSameSite(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (!origin) return true;
  const ownOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
  return origin === publicOrigin || origin === ownOrigin;
}

export const csrfPlugin = fp((app: FastifyInstance, opts: { publicUrl: string }) => {
  const publicOrigin = new URL(opts.publicUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    // Every path, not only /api/: a path test is bypassable (the router decodes /%61pi/ to /api/).
    const isRefused =
      !SAFE_METHODS.has(request.method) &&
      request.routeOptions.config?.csrfExempt !== true &&
      (request.headers[CSRF_HEADER] !== '1' || !isSameSite(request, publicOrigin));
    done(isRefused ? new ForbiddenError(TEXTS.crossSiteRefused) : undefined);
  });
});
