import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from './auth.service';

export function requestContext(request: FastifyRequest): RequestContext {
  return { cookie: request.headers.cookie, userAgent: request.headers['user-agent'], ip: request.ip };
}

export function sendCookies(reply: FastifyReply, setCookies: string[]): void {
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
}
