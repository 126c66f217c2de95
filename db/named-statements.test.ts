import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isSharedPlan, nameStatementsOf, plannedPerCall, statementName } from './named-statements';

/** A client whose query() only records what it was given. */
function recordingClient() {
  const calls: unknown[][] = [];
  const client = { query: (...args: unknown[]) => calls.push(args) } as unknown as pg.PoolClient;
  nameStatementsOf(client);
  return { client, calls };
}

const searchText = new PgDialect().sqlToQuery(
  sql`select 1 from "tips" where ${plannedPerCall(sql`"search_vector" @@ ${'x'}::tsquery`)}`,
).sql;

describe('statementName', () => {
  it('gives one text one stable name, and different texts different names', () => {
    const a = 'select "id" from "tips" where "user_id" = $1';
    expect(statementName(a)).toMatch(/^w[0-9a-f]{20}$/);
    expect(statementName(a)).toBe(statementName(a));
    expect(statementName(`${a} limit $2`)).not.toBe(statementName(a));
  });

  it('leaves a statement planned per call unnamed: its best plan depends on its values', () => {
    expect(isSharedPlan(searchText)).toBe(false);
    expect(statementName(searchText)).toBeUndefined();
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

  it('names a read without parameters: a page size written into its text leaves it none', () => {
    const { client, calls } = recordingClient();
    const read = 'select "id" from "audit_log" order by "created_at" desc limit 21';
    const withRead = '  WITH x AS (select 1) select * from x';
    void client.query({ text: read } as never);
    void client.query({ text: withRead } as never, [] as never);
    expect(calls).toEqual([[{ text: read, name: statementName(read) }], [{ text: withRead, name: statementName(withRead) }, []]]);
  });

  it("leaves alone other statements without parameters, plain strings and the caller's names", () => {
    const { client, calls } = recordingClient();
    void client.query({ text: 'begin' } as never);
    void client.query('LISTEN "x"' as never);
    void client.query({ text: 'select $1', name: 'mine' } as never, ['a'] as never);
    expect(calls).toEqual([[{ text: 'begin' }], ['LISTEN "x"'], [{ text: 'select $1', name: 'mine' }, ['a']]]);
  });

  it('names by its text a statement prepared as an empty name: plannedPerCall is the one way to stay unnamed', () => {
    const { client, calls } = recordingClient();
    void client.query({ text: 'select $1', name: '' } as never, ['a'] as never);
    expect(calls).toEqual([[{ text: 'select $1', name: statementName('select $1') }, ['a']]]);
  });

  it('takes any name off a statement planned per call, even one its caller gave', () => {
    const { client, calls } = recordingClient();
    void client.query({ text: searchText } as never, ['x'] as never);
    void client.query({ text: searchText, name: 'content_keys_search' } as never, ['x'] as never);
    expect(calls).toEqual([
      [{ text: searchText, name: undefined }, ['x']],
      [{ text: searchText, name: undefined }, ['x']],
    ]);
  });
});

/** Every TypeScript source of ours (not node_modules, not build output). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', '.git'].includes(entry.name) ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('one way to say "do not name this statement"', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const files = ['common', 'db', 'server', 'web', 'scripts', 'bench', 'tests'].flatMap((dir) => {
    try {
      return sources(path.join(root, dir));
    } catch {
      return [];
    }
  });
  const self = path.join(root, 'db', 'named-statements.ts');
  const thisTest = path.join(root, 'db', 'named-statements.test.ts');

  it("has no .prepare('') (it no longer keeps a statement unnamed) and no raw marker outside db/named-statements.ts", () => {
    const offenders = files
      .filter((file) => file !== self && file !== thisTest)
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        const found: string[] = [];
        if (/\.prepare\(\s*(''|""|``)\s*\)/.test(text)) found.push(`${path.relative(root, file)}: .prepare('')`);
        if (/planned per call \*\//.test(text)) found.push(`${path.relative(root, file)}: the raw marker`);
        return found;
      });
    expect(offenders, 'wrap the condition in plannedPerCall() from db/named-statements.ts instead').toEqual([]);
    expect(files.length).toBeGreaterThan(100);
  });
});
