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

/** The database error (SQLSTATE 23505) behind `error`, wrapped or not; undefined for any other error. */
function uniqueViolationOf(error: unknown): { constraint?: unknown } | undefined {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === '23505') return e;
  }
  return undefined;
}

/** True when the database refused a write because of a unique constraint (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = uniqueViolationOf(error);
  return found !== undefined && (constraint === undefined || found.constraint === constraint);
}

/** The name of the unique constraint or index that refused the write, when the driver says. */
export function uniqueConstraintOf(error: unknown): string | undefined {
  const name = uniqueViolationOf(error)?.constraint;
  return typeof name === 'string' ? name : undefined;
}
