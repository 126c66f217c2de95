import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { TEXTS } from '../../../common/texts';
import { AppError } from '../lib/errors';

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
};

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
  // to a person; a schema's own message (e.g. SPEC 5's 'Missing Information') is kept.
  const isZodDefault = !first.message || first.message.startsWith('Invalid input');
  if (isZodDefault && field) return `${field} is missing or not valid`;
  return first.message ?? 'Invalid request';
}

/** One error handler for the whole API (STYLE 5): typed errors keep their status, the rest is 500. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(errorBody(400, validationMessage(error.validation as ValidationIssue[])));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, TEXTS.genericFailure));
  });

});
