import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './error-handler';

const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnreachable', () => {
  it('recognises a lost connection by code or message anywhere along the cause chain', () => {
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' })))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('no route'), { code: '08006' })))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    const refused = new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]);
    expect(isDatabaseUnreachable(wrapped(refused))).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
  });
});
