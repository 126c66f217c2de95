import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  SQLSTATE,
  causeChainOf,
  databaseErrorOf,
  errorCodesOf,
  isForeignKeyViolation,
  isUniqueViolation,
  uniqueConstraintOf,
} from './pg-errors';

/** A driver error as node-postgres and PGlite raise it: a message, a SQLSTATE, sometimes a constraint. */
const driverError = (code: string, constraint?: string) => Object.assign(new Error('driver'), { code, constraint });
/** As drizzle raises it: its own error, the driver's as `cause`. */
const wrapped = (cause: unknown) => new DrizzleQueryError('insert into "x" values ($1)', [1], cause as Error);

describe('errorCodesOf', () => {
  it('reads every code along the cause chain, outermost first', () => {
    const network = Object.assign(new Error('reset'), { code: 'ECONNRESET' });
    expect(errorCodesOf(wrapped(Object.assign(driverError('57P01'), { cause: network })))).toEqual(['57P01', 'ECONNRESET']);
  });

  it('finds nothing in errors without codes, non-errors and endless chains', () => {
    expect(errorCodesOf(new Error('plain'))).toEqual([]);
    expect(errorCodesOf(undefined)).toEqual([]);
    expect(errorCodesOf('23505')).toEqual([]);
    const loop: { code: string; cause?: unknown } = { code: '40001' };
    loop.cause = loop;
    expect(errorCodesOf(loop)).toHaveLength(5);
  });
});

describe('unique and foreign-key violations', () => {
  it('recognises a unique violation behind drizzle, with its constraint', () => {
    const error = wrapped(driverError(SQLSTATE.uniqueViolation, 'users_email_lower_unique'));
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users_email_lower_unique')).toBe(true);
    expect(isUniqueViolation(error, 'profiles_username_lower_unique')).toBe(false);
    expect(uniqueConstraintOf(error)).toBe('users_email_lower_unique');
    expect(isForeignKeyViolation(error)).toBe(false);
  });

  it('recognises a foreign-key violation, and a unique one without a constraint name', () => {
    expect(isForeignKeyViolation(wrapped(driverError(SQLSTATE.foreignKeyViolation)))).toBe(true);
    expect(isUniqueViolation(driverError('23505'))).toBe(true);
    expect(uniqueConstraintOf(driverError('23505'))).toBeUndefined();
    expect(databaseErrorOf(wrapped(driverError('23503', 'likes_tip_id_fk')), '23503')).toEqual({
      code: '23503',
      constraint: 'likes_tip_id_fk',
    });
    expect(isUniqueViolation(new Error('23505'))).toBe(false);
  });
});

describe('causeChainOf', () => {
  it('lists the error and its causes, outermost first, and stops at a non-object or after five', () => {
    const inner = new Error('inner');
    const outer = new Error('outer', { cause: inner });
    expect(causeChainOf(outer)).toEqual([outer, inner]);
    expect(causeChainOf(new Error('x', { cause: 'text' }))).toHaveLength(1);
    expect(causeChainOf(null)).toEqual([]);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(causeChainOf(loop)).toHaveLength(5);
  });
});
