/**
 * No cache may keep an API answer (issue 19 item 8, ADR 032). Every /api answer depends on the
 * session that asks: a member's data, or whether there is a member at all. So every one of them,
 * errors and refusals included, is `cache-control: no-store` with `vary: cookie`, unless a
 * successful answer chose its own caching: a photo (media.routes.ts) is `private` and immutable,
 * its bytes being the same for every member who may fetch it; `vary: cookie` then stops a browser
 * from showing it from its cache to the next person who uses it after a sign-out.
 * Server-drawn pages set their own headers (web-client.ts); the event stream writes its own.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export const NO_STORE = 'no-store';

export const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Adds `cookie` to the reply's Vary header, keeping what is there. */
export function varyOnCookie(reply: FastifyReply): FastifyReply {
  const current = String(reply.getHeader('vary') ?? '');
  if (/(^|,)\s*cookie\s*(,|$)/i.test(current)) return reply;
  return reply.header('vary', current ? `${current}, cookie` : 'cookie');
}

export const cacheHeadersPlugin = fp((app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url)) {
      const isOwnChoice = reply.statusCode < 300 && reply.hasHeader('cache-control');
      if (!isOwnChoice) reply.header('cache-control', NO_STORE);
      varyOnCookie(reply);
    }
    done(null, payload);
  });
});
