import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { TEXTS } from '@common/texts';
import { causeChainOf, errorCodesOf, isForeignKeyViolation, isUniqueViolation, uniqueConstraintOf } from '@db/pg-errors';
import { AppError, ServiceUnavailableError } from '../lib/errors';
import { uniqueViolationMessage } from '../lib/unique-constraints';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * Errors that mean "the database cannot be reached", not "the request is wrong": socket errors,
 * pg's pool/connection messages, SQLSTATE class 08 (connection exception) and 57P01-57P03 (the
 * server is shutting down or starting). They answer 503 so clients retry (ADR 014).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

export function isDatabaseUnreachable(error: unknown): boolean {
  if (errorCodesOf(error).some((code) => UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  for (const e of causeChainOf(error)) {
    if (!(e instanceof Error)) continue;
    if (UNREACHABLE_MESSAGES.test(e.message)) return true;
    // net's "connect ECONNREFUSED" from pg arrives as an AggregateError when localhost has two addresses.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnreachable(inner))) return true;
  }
  return false;
}

export function errorBody(statusCode: number, message: string) {
  return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message };
}

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
}

/** A validation message a person can act on: the schema's own text, or the field that is wrong. */
function validationMessage(issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const field = first.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  // zod's own default text ("Invalid input: expected string, received undefined") means nothing
  // to a person; a schema's own message (e.g. 'Missing Information', docs/product.md#forms-and-validation) is kept.
  const isZodDefault = !first.message || first.message.startsWith('Invalid input');
  if (isZodDefault && field) return `${field} is missing or not valid`;
  return first.message ?? 'Invalid request';
}

/** One error handler for the whole API (STYLE 5): typed errors keep their status, the rest is 500. */
export const errorHandlerPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(errorBody(400, validationMessage(error.validation)));
    }
    if (error instanceof ServiceUnavailableError) {
      request.log.warn({ err: error.cause ?? error, code: error.code }, 'service unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ ...errorBody(503, error.message), code: error.code });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, error.message));
    }
    // A foreign key refused the write: a row it refers to (the author, the tip) was deleted by a
    // request running at the same time, e.g. a tip created while its author deletes the account.
    // A race with a deletion, not a server fault (found by the SIGKILL burst test).
    if (isForeignKeyViolation(error)) {
      request.log.warn({ err: error }, 'write refused by a foreign key (concurrent deletion)');
      return reply.status(409).send(errorBody(409, TEXTS.changedMeanwhile));
    }
    // A unique constraint refused the write (SQLSTATE 23505): something is already taken, often by
    // a request that ran at the same moment. Services name the field where they know it; this is
    // the safety net for every other path (ADR 026), never a 500.
    if (isUniqueViolation(error)) {
      const constraint = uniqueConstraintOf(error);
      request.log.warn({ err: error, constraint }, 'write refused by a unique constraint');
      return reply.status(409).send(errorBody(409, uniqueViolationMessage(constraint)));
    }
    // SQLSTATE class 22 (data exception: a date out of range, a malformed value): input that got
    // past validation but that PostgreSQL cannot read, e.g. a forged page cursor for 2026-02-30.
    if (errorCodesOf(error).some((code) => code.startsWith('22'))) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send(errorBody(400, TEXTS.invalidInput));
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply.status(503).header('retry-after', '5').send(errorBody(503, TEXTS.databaseUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, TEXTS.genericFailure));
  });
});
