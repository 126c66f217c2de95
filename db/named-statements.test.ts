import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PLANNED_PER_CALL, nameStatementsOf, statementName } from './named-statements';

/** A client whose query() only records what it was given. */
function recordingClient() {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => calls.push(args) } as unknown as pg.PoolClient;
  nameStatementsOf(client);
  return { client, calls };
}

describe('statementName', () => {
  it('gives one text one stable name, and different texts different names', () => {
    const a = 'select "id" from "tips" where "user_id" = $1';
    expect(statementName(a)).toMatch(/^w[0-9a-f]{20}$/);
    expect(statementName(a)).toBe(statementName(a));
    expect(statementName(`${a} limit $2`)).not.toBe(statementName(a));
  });

  it('leaves a statement planned per call unnamed: its best plan depends on its values', () => {
    expect(statementName(`select 1 from "tips" where ${PLANNED_PER_CALL} "search_vector" @@ $1::tsquery`)).toBeUndefined();
    expect(statementName('select 1 from "tips" where "search_vector" @@ $1::tsquery')).toBeDefined();
  });
});

describe('nameStatementsOf', () => {
  it('names a parameterised statement, keeping the rest of its config', () => {
    const { client, calls } = recordingClient();
    const types = { getTypeParser: () => String };
    void client.query({ text: 'select $1::int', types } as never, [1] as never);
    const [config, values] = calls[0] as [{ name: string; text: string; types: unknown }, unknown[]];
    expect(config).toEqual({ text: 'select $1::int', types, name: statementName('select $1::int') });
    expect(values).toEqual([1]);
  });

  it('leaves alone statements without parameters, plain strings, named ones and those named empty', () => {
    const { client, calls } = recordingClient();
    void client.query({ text: 'begin' } as never);
    void client.query('LISTEN "x"' as never);
    void client.query({ text: 'select $1', name: 'mine' } as never, ['a'] as never);
    void client.query({ text: 'select $1', name: '' } as never, ['a'] as never);
    expect(calls).toEqual([
      [{ text: 'begin' }],
      ['LISTEN "x"'],
      [{ text: 'select $1', name: 'mine' }, ['a']],
      [{ text: 'select $1', name: '' }, ['a']],
    ]);
  });
});
