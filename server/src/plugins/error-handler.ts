import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodeForStatus, type ErrorCode } from '@common/error-codes';
import { TEXTS } from '@common/texts';
import { causeChainOf, errorCodesOf, isForeignKeyViolation, isUniqueViolation, uniqueConstraintOf } from '@db/pg-errors';
import { AppError, ServiceUnavailableError } from '../lib/errors';
import { uniqueViolationDetails, uniqueViolationMessage } from '../lib/unique-constraints';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
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

/** What the body says besides the status and message; the code defaults to the status's. */
export interface ErrorBodyDetails {
  code?: ErrorCode;
  field?: string;
  fields?: readonly string[];
}

/**
 * The JSON error body (docs/api.md): `field` names the one request field at fault; a refusal with
 * several bad fields names all of them in `fields` too, `field` being the first.
 */
export function errorBody(statusCode: number, message: string, details: ErrorBodyDetails = {}) {
  const { code = errorCodeForStatus(statusCode), field, fields } = details;
  return {
    statusCode,
    error: STATUS_NAMES[statusCode] ?? 'Error',
    message,
    code,
    ...(field === undefined ? {} : { field }),
    ...(fields && fields.length > 1 ? { fields } : {}),
  };
}

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
}

/** The dotted path of an issue's field (`items.0.customTitle`); undefined for the body itself. */
const fieldOf = (issue: ValidationIssue) => issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || undefined;

/** Every field at fault, in the order of the issues, each once. */
function validationFields(issues: ValidationIssue[]): string[] {
  return [...new Set(issues.map(fieldOf).filter((field): field is string => field !== undefined))];
}

/** A validation message a person can act on: the schema's own text, or the field that is wrong. */
function validationMessage(issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const field = fieldOf(first);
  // zod's own default text ("Invalid input: expected string, received undefined") means nothing
  // to a person; a schema's own message (e.g. 'Missing Information', docs/product.md#forms-and-validation) is kept.
  const isZodDefault = !first.message || first.message.startsWith('Invalid input');
  if (isZodDefault && field) return `${field} is missing or not valid`;
  return first.message ?? 'Invalid request';
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (bad percent-encoding, a parameter over
 * maxParamLength) is refused before any handler, with a body of Fastify's own whose `code` is
 * no code of ours; this sends our error body instead (the same status and message).
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
  void reply.status(status).send(errorBody(status, status < 500 ? error.message : TEXTS.genericFailure));
}

/** One error handler for the whole API (STYLE 5): typed errors keep their status, the rest is 500. */
export const errorHandlerPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error.validation);
      const body = errorBody(400, validationMessage(error.validation), { code: 'invalid_field', field: fields[0], fields });
      return reply.status(400).send(body);
    }
    if (error instanceof ServiceUnavailableError) {
      request.log.warn({ err: error.cause ?? error, code: error.code }, 'service unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody(503, error.message, { code: error.code }));
    }
    if (error instanceof AppError) {
      const { code, field } = error;
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message, { code, field }));
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
      return reply.status(409).send(errorBody(409, TEXTS.changedMeanwhile, { code: 'changed_meanwhile' }));
    }
    // A unique constraint refused the write (SQLSTATE 23505): something is already taken, often by
    // a request that ran at the same moment. Services name the field where they know it; this is
    // the safety net for every other path (ADR 026), never a 500.
    if (isUniqueViolation(error)) {
      const constraint = uniqueConstraintOf(error);
      request.log.warn({ err: error, constraint }, 'write refused by a unique constraint');
      return reply.status(409).send(errorBody(409, uniqueViolationMessage(constraint), uniqueViolationDetails(constraint)));
    }
    // SQLSTATE class 22 (data exception: a date out of range, a malformed value): input that got
    // past validation but that PostgreSQL cannot read, e.g. a forged page cursor for 2026-02-30.
    if (errorCodesOf(error).some((code) => code.startsWith('22'))) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send(errorBody(400, TEXTS.invalidInput));
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody(503, TEXTS.databaseUnavailable, { code: 'database_unavailable' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, TEXTS.genericFailure));
  });
});
