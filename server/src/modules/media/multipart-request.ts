import type { FastifyRequest } from 'fastify';

/**
 * A multipart request the parser can read: multipart/form-data WITH its boundary. Without one
 * the parser throws a plain error (a 500); the upload routes answer 415 instead (fuzz, issue 6).
 */
export function isReadableMultipart(request: FastifyRequest): boolean {
  return request.isMultipart() && /;\s*boundary=\S/i.test(request.headers['content-type'] ?? '');
}
