import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TEXTS } from '../../../common/texts';
import { errorBody } from './error-handler';

/** Per-route limits (A6) from the config; tests pass their own numbers to reach them quickly. */
export interface RateLimits {
  signIn: number;
  signUp: number;
  invitationRequest: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

/** The `config.rateLimit` of a route limited to `max` calls per IP and window. */
export function limitPerIp(app: FastifyInstance, key: keyof Omit<RateLimits, 'windowMs'>) {
  return { max: app.rateLimits[key], timeWindow: app.rateLimits.windowMs };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { limits: RateLimits }) => {
  app.decorate('rateLimits', opts.limits);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      // @fastify/rate-limit throws what this returns; the statusCode makes it a 429.
      return Object.assign(new Error(TEXTS.tooManyRequests), errorBody(context.statusCode, TEXTS.tooManyRequests));
    },
  });
});
