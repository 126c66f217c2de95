/**
 * Refuses text PostgreSQL cannot store before it reaches a query: U+0000 (PostgreSQL text has
 * no NUL) and broken UTF-16 (a lone surrogate, which JSON's \uD800 escapes can produce; PGlite
 * fails on it, PostgreSQL would silently store U+FFFD). Found by the fuzz tests (issue 6).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TEXTS } from '@common/texts';
import { BadRequestError } from '../lib/errors';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);
const MAX_DEPTH = 32;

/** True when some string (or object key) inside `value` holds a character we cannot store. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnstorable(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => isUnstorable(key) || hasUnstorableText(item, depth + 1));
}

export const textGuardPlugin = fp((app: FastifyInstance) => {
  // preValidation: after the body is parsed, before the schema turns it into values.
  app.addHook('preValidation', (request, _reply, done) => {
    const isUnstorable = hasUnstorableText(request.params) || hasUnstorableText(request.query) || hasUnstorableText(request.body);
    done(isUnstorable ? new BadRequestError(TEXTS.unstorableText) : undefined);
  });
});
