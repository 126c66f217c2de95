import type { ErrorCode } from '@common/error-codes';

/** What a refusal says besides its message: its machine code and the request field(s) at fault. */
export interface ErrorDetails {
  code?: ErrorCode;
  /** The body or query field at fault, as the request names it (`currentPassword`, `items.0.title`). */
  field?: string;
}

/**
 * Typed errors thrown by services; the error handler turns them into the JSON error body
 * { statusCode, error, message, code, field? } (docs/api.md). Each class has a default code; a
 * refusal the client must tell apart passes its own (common/error-codes.ts, ADR 121). Anything
 * else becomes a 500 whose details stay in the log.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    defaultCode: ErrorCode,
    details: ErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.code = details.code ?? defaultCode;
    this.field = details.field;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: ErrorDetails) {
    super(400, message, 'bad_request', details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.', details?: ErrorDetails) {
    super(401, message, 'unauthorized', details);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.', details?: ErrorDetails) {
    super(403, message, 'forbidden', details);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', details?: ErrorDetails) {
    super(404, message, 'not_found', details);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: ErrorDetails) {
    super(409, message, 'conflict', details);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, details?: ErrorDetails) {
    super(429, message, 'rate_limited', details);
  }
}

/**
 * Something the request needs is out of reach for now (the photo bucket): 503, so the client may
 * retry. The code says what is out of reach.
 */
export class ServiceUnavailableError extends AppError {
  constructor(message: string, code: ErrorCode, options?: { cause?: unknown }) {
    super(503, message, code);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
