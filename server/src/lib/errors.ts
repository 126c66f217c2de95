/**
 * Typed errors thrown by services; the error handler turns them into the JSON error body
 * { statusCode, error, message }. Anything else becomes a 500 whose details stay in the log.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, message);
  }
}

/**
 * Something the request needs is out of reach for now (the photo bucket): 503, so the client may
 * retry. `code` is sent in the body beside the message, for clients that branch on it.
 */
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(503, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
