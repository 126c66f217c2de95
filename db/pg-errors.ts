/**
 * PostgreSQL's errors as they reach us: drizzle wraps the driver's error (node-postgres' or
 * PGlite's, each with the SQLSTATE in `code`) in its own, as `cause`; network errors carry a Node
 * code ('ECONNRESET') the same way. Every reader of an error code walks the chain here.
 */

/** The SQLSTATEs our code reacts to by name (PostgreSQL manual, appendix A). */
export const SQLSTATE = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

/** How deep a chain is followed: drizzle adds one level, a service's own wrapping one more. */
const MAX_DEPTH = 5;

/** A driver error's fields we read (node-postgres and PGlite both set them). */
export interface DatabaseError {
  code: string;
  /** The constraint or index that refused a write, when the driver says. */
  constraint?: string;
}

/** The error and its causes (`cause` after `cause`), outermost first, at most MAX_DEPTH of them. */
export function causeChainOf(error: unknown): object[] {
  const chain: object[] = [];
  for (let e: unknown = error; e && typeof e === 'object' && chain.length < MAX_DEPTH; e = (e as { cause?: unknown }).cause)
    chain.push(e);
  return chain;
}

/** Every error along the cause chain that carries a string `code`, outermost first. */
function codedErrorsOf(error: unknown): DatabaseError[] {
  return causeChainOf(error).flatMap((e) => {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code !== 'string') return [];
    return [typeof constraint === 'string' ? { code, constraint } : { code }];
  });
}

/** Every `code` along an error's cause chain. */
export function errorCodesOf(error: unknown): string[] {
  return codedErrorsOf(error).map((e) => e.code);
}

/** The first error along the chain with this SQLSTATE, if any. */
export function databaseErrorOf(error: unknown, code: string): DatabaseError | undefined {
  return codedErrorsOf(error).find((e) => e.code === code);
}

/** True when a unique constraint refused the write (23505), optionally that very constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseErrorOf(error, SQLSTATE.uniqueViolation);
  return found !== undefined && (constraint === undefined || found.constraint === constraint);
}

/** The name of the unique constraint or index that refused the write, when the driver says. */
export function uniqueConstraintOf(error: unknown): string | undefined {
  return databaseErrorOf(error, SQLSTATE.uniqueViolation)?.constraint;
}

/** True when a foreign key refused the write (23503): a row it points at was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return databaseErrorOf(error, SQLSTATE.foreignKeyViolation) !== undefined;
}
