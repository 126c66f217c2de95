import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Executor } from './client';
import { preparedPerDb, preparedPerShape } from './prepared';

// Only the identity of an executor matters here: the builder is what touches it.
const executor = () => ({}) as unknown as Executor;

describe('preparedPerDb', () => {
  it('builds once per executor and hands back the same query', () => {
    const build = vi.fn((db: Executor) => ({ db }));
    const query = preparedPerDb(build);
    const app = executor();
    const tx = executor();
    expect(query(app)).toBe(query(app));
    expect(query(tx)).not.toBe(query(app));
    expect(query(tx).db).toBe(tx);
    expect(build).toHaveBeenCalledTimes(2);
  });
});

describe('preparedPerShape', () => {
  it('builds once per executor and shape', () => {
    const build = vi.fn((db: Executor, shape: 'first' | 'after') => ({ db, shape }));
    const query = preparedPerShape(build);
    const app = executor();
    expect(query(app, 'first')).toBe(query(app, 'first'));
    expect(query(app, 'after')).toMatchObject({ shape: 'after' });
    expect(query(app, 'after')).not.toBe(query(app, 'first'));
    expect(query(executor(), 'first')).not.toBe(query(app, 'first'));
    expect(build).toHaveBeenCalledTimes(3);
  });
});

describe('a prepared select', () => {
  it('gets the compiled row mapping (db/row-mapper.ts) when it is built', () => {
    const query = preparedPerDb(() => ({ fields: [{ path: ['one'], field: sql`1`.mapWith(Number) }], joinsNotNullableMap: {} }));
    const built = query(executor()) as { customResultMapper?: (rows: unknown[][]) => unknown };
    expect(built.customResultMapper?.([['1'], [null]])).toEqual([{ one: 1 }, { one: null }]);
  });
});
