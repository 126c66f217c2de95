/**
 * Three files of ours lean on library internals (db/README.md): pglite-named-statements.ts on
 * PGlite's, named-statements.ts on node-postgres' and drizzle's, row-mapper.ts on drizzle's. Each
 * test here checks the shape of what its patch touches, then the behaviour end to end on PGlite,
 * and fails with a message naming the patch and the installed library version, so a library
 * upgrade that moves them stops here instead of in production. PostgreSQL end to end:
 * server/test/named-statements.api.test.ts and row-mapper.api.test.ts with TEST_DATABASE_URL.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as pglite from '@electric-sql/pglite';
import { Column, SQL, Subquery, eq, getTableName, is, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';
import { nameStatementsOf, plannedPerCall, statementName } from './named-statements';
import { withCompiledRowMapper } from './row-mapper';
import { executeRows } from './rows';

const root = path.resolve(import.meta.dirname, '..');
const installed = (pkg: string): string =>
  (JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

/** The message a broken assumption fails with: the patch, the library, the version written for and the one installed. */
function contract(patch: string, pkg: string, writtenFor: string) {
  return (what: string) =>
    `LIBRARY CONTRACT BROKEN: db/${patch} relies on ${pkg} internals (written for ${writtenFor}, installed ${installed(pkg)}): ${what}. ` +
    `Re-read the patch against the new version (db/README.md) before upgrading.`;
}

const pgliteContract = contract('pglite-named-statements.ts', '@electric-sql/pglite', '0.5.16');
const pgContract = contract('named-statements.ts', 'pg', '8.23.1');
const drizzleNamesContract = contract('named-statements.ts', 'drizzle-orm', '0.45.4');
const rowMapperContract = contract('row-mapper.ts', 'drizzle-orm', '0.45.4');

const places = pgTable('contract_places', {
  id: integer().primaryKey(),
  name: text().notNull(),
  seenAt: timestamp({ withTimezone: true }),
});
const visits = pgTable('contract_visits', { id: integer().primaryKey(), placeId: integer(), note: text() });

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.db.execute(sql`CREATE TABLE contract_places (id int PRIMARY KEY, name text NOT NULL, seen_at timestamptz)`);
  await database.db.execute(sql`CREATE TABLE contract_visits (id int PRIMARY KEY, place_id int, note text)`);
  await database.db.execute(sql`INSERT INTO contract_places VALUES (1, 'Ribeira', '2026-11-25T10:00:00Z'), (2, 'Alfama', NULL)`);
  await database.db.execute(sql`INSERT INTO contract_visits VALUES (1, 1, 'early')`);
}, 60_000);
afterAll(() => database?.close());

const preparedTexts = async () =>
  (await executeRows<{ statement: string }>(database.db, sql`SELECT statement FROM pg_prepared_statements`)).map(
    (r) => r.statement,
  );

describe('pglite-named-statements.ts on @electric-sql/pglite', () => {
  it('finds the PGlite methods and protocol helpers it calls', () => {
    const proto = pglite.PGlite.prototype as unknown as Record<string, unknown>;
    for (const method of [
      'query',
      'transaction',
      'execProtocolStream',
      '_checkReady',
      '_runExclusiveQuery',
      '_runExclusiveTransaction',
      'syncToFs',
    ]) {
      expect(typeof proto[method], pgliteContract(`PGlite.prototype.${method} is not a function`)).toBe('function');
    }
    const serialize = pglite.protocol?.serialize as unknown as Record<string, unknown> | undefined;
    for (const message of ['parse', 'describe', 'bind', 'execute', 'sync']) {
      expect(typeof serialize?.[message], pgliteContract(`protocol.serialize.${message} is not a function`)).toBe('function');
    }
    for (const parser of ['parseDescribeStatementResults', 'parseResults'] as const) {
      expect(typeof pglite.parse?.[parser], pgliteContract(`parse.${parser} is not a function`)).toBe('function');
    }
  });

  it('finds the instance fields and the transaction object it reads', async () => {
    const client = (database.db as unknown as { $client: pglite.PGlite }).$client;
    expect(client, pgliteContract("drizzle's PGlite database has no $client")).toBeInstanceOf(pglite.PGlite);
    expect(typeof client.serializers, pgliteContract('PGlite has no serializers by type')).toBe('object');
    expect(typeof client.parsers, pgliteContract('PGlite has no parsers by type')).toBe('object');
    await client.transaction((tx) => {
      expect(typeof tx.query, pgliteContract('a transaction has no query()')).toBe('function');
      expect(tx.closed, pgliteContract('a transaction has no `closed` flag')).toBe(false);
      return Promise.resolve();
    });
  });

  it('names a parameterised statement, in and out of a transaction, and gives the same rows as unnamed', async () => {
    const byId = (id: number) => database.db.select().from(places).where(eq(places.id, id));
    const [first] = await byId(1);
    expect(first, pgliteContract('a named statement gave other rows')).toEqual({
      id: 1,
      name: 'Ribeira',
      seenAt: new Date('2026-11-25T10:00:00Z'),
    });
    await database.db.transaction(async (tx) => {
      await tx.update(places).set({ name: 'Ribeira' }).where(eq(places.id, 1));
    });
    const texts = await preparedTexts();
    expect(
      texts.filter((s) => s.startsWith('select') && s.includes('"contract_places"')),
      pgliteContract('a parameterised select was not prepared under a name'),
    ).toHaveLength(1);
    expect(
      texts.filter((s) => s.startsWith('update "contract_places"')),
      pgliteContract("a transaction's statement was not prepared under a name"),
    ).toHaveLength(1);
  });

  it('leaves a statement planned per call unnamed', async () => {
    await database.db
      .select({ id: places.id })
      .from(places)
      .where(plannedPerCall(sql`${places.name} LIKE ${'Alf%'}`));
    expect(
      (await preparedTexts()).filter((s) => s.includes('LIKE')),
      pgliteContract('a plannedPerCall statement was prepared'),
    ).toEqual([]);
  });
});

describe('named-statements.ts on pg and drizzle-orm/node-postgres', () => {
  it("finds pg's pool event and a query that prepares when it has a name", () => {
    expect(typeof pg.Pool.prototype.on, pgContract("pg.Pool has no on() for its 'connect' event")).toBe('function');
    expect(typeof pg.Client.prototype.query, pgContract('pg.Client.prototype.query is not a function')).toBe('function');
    const named = new pg.Query({ name: 'w1', text: 'select $1', values: [1] }) as unknown as {
      name?: string;
      requiresPreparation(): boolean;
    };
    const unnamed = new pg.Query({ text: 'select 1' }) as unknown as { requiresPreparation(): boolean };
    expect(named.name, pgContract('pg.Query drops its name')).toBe('w1');
    expect(named.requiresPreparation(), pgContract('a named pg.Query is not prepared')).toBe(true);
    expect(unnamed.requiresPreparation(), pgContract('an unnamed pg.Query without values is prepared')).toBe(false);
  });

  it("sees drizzle's query configs: no name unprepared, the given name prepared, values apart", async () => {
    const calls: { config: { name?: unknown; text?: unknown }; values: unknown }[] = [];
    const client = {
      query: (config: { name?: unknown; text?: unknown }, values: unknown) => {
        calls.push({ config, values });
        return Promise.resolve({ rows: [], fields: [], command: 'SELECT', rowCount: 0 });
      },
    };
    nameStatementsOf(client as unknown as pg.PoolClient);
    const db = drizzleNodePg({ client: client as unknown as pg.Pool });
    await db.select().from(places).where(eq(places.id, 1));
    await db.select().from(places).where(eq(places.id, 2)).prepare('contract_named').execute();
    await db
      .select()
      .from(places)
      .where(plannedPerCall(sql`${places.name} LIKE ${'x'}`))
      .prepare('contract_search')
      .execute();
    const [unprepared, prepared, search] = calls;
    expect(typeof unprepared?.config.text, drizzleNamesContract('drizzle no longer passes a config object with text')).toBe(
      'string',
    );
    expect(unprepared?.values, drizzleNamesContract('drizzle no longer passes the values as the second argument')).toEqual([1]);
    expect(unprepared?.config.name, drizzleNamesContract('an unprepared query was not named from its text')).toBe(
      statementName(String(unprepared?.config.text)),
    );
    expect(prepared?.config.name, drizzleNamesContract(".prepare(name) no longer reaches pg's config as `name`")).toBe(
      'contract_named',
    );
    expect(search?.config.name, drizzleNamesContract('a plannedPerCall statement kept a name')).toBeUndefined();
  });
});

describe('row-mapper.ts on drizzle-orm', () => {
  const select = () =>
    database.db
      .select({
        id: places.id,
        label: sql<string>`upper(${places.name})`.as('label'),
        seen: places.seenAt,
        visit: { id: visits.id, note: visits.note },
      })
      .from(places)
      .leftJoin(visits, eq(visits.placeId, places.id))
      .orderBy(places.id);

  it('finds what it reads on a prepared select: fields with paths, joinsNotNullableMap, customResultMapper', () => {
    const prepared = select().prepare('contract_rows_shape') as unknown as {
      fields?: { path?: unknown; field?: unknown }[];
      joinsNotNullableMap?: Record<string, boolean>;
      customResultMapper?: unknown;
    };
    expect(Array.isArray(prepared.fields), rowMapperContract('a prepared select has no `fields` array')).toBe(true);
    expect(
      prepared.fields?.map((f) => f.path),
      rowMapperContract('`fields` no longer holds each column with its path'),
    ).toEqual([['id'], ['label'], ['seen'], ['visit', 'id'], ['visit', 'note']]);
    const [id, label, , visitId] = prepared.fields ?? [];
    expect(
      is(id?.field, Column) && getTableName(id.field.table),
      rowMapperContract('a column field is no Column of its table'),
    ).toBe('contract_places');
    expect(
      is(label?.field, SQL.Aliased) && is(label.field.sql, SQL),
      rowMapperContract('an aliased sql field has no inner SQL'),
    ).toBe(true);
    expect(is(visitId?.field, Column), rowMapperContract('a nested column is no Column')).toBe(true);
    expect(prepared.joinsNotNullableMap, rowMapperContract('a left join is not in joinsNotNullableMap')).toEqual({
      contract_places: true,
      contract_visits: false,
    });
    expect(prepared.customResultMapper, rowMapperContract('a select already has a customResultMapper')).toBeUndefined();
    const decoded = sql`1`.mapWith(Number) as unknown as { decoder?: { mapFromDriverValue?: unknown } };
    expect(typeof decoded.decoder?.mapFromDriverValue, rowMapperContract('.mapWith() no longer sets `decoder`')).toBe('function');
    expect(typeof Subquery, rowMapperContract('Subquery is no longer exported')).toBe('function');
  });

  it('reads customResultMapper on execute and hands it the rows as arrays', async () => {
    const prepared = select().prepare('contract_rows_hook') as unknown as {
      customResultMapper?: (rows: unknown[][]) => unknown;
      execute(): Promise<unknown>;
    };
    let seen: unknown[][] = [];
    prepared.customResultMapper = (rows) => {
      seen = rows;
      return 'mapped';
    };
    expect(await prepared.execute(), rowMapperContract('execute() no longer calls customResultMapper')).toBe('mapped');
    expect(seen[0], rowMapperContract('customResultMapper no longer gets each row as an array of values')).toEqual([
      1,
      'RIBEIRA',
      '2026-11-25 10:00:00+00',
      1,
      'early',
    ]);
  });

  it('gives the rows drizzle gives, a left join that matched nothing as null', async () => {
    const expected = await select();
    const compiled = withCompiledRowMapper(select().prepare('contract_rows_compiled'));
    expect(
      (compiled as unknown as { customResultMapper?: unknown }).customResultMapper,
      rowMapperContract('the compiled mapping was not set'),
    ).toBeTypeOf('function');
    const rows = await compiled.execute();
    expect(rows, rowMapperContract('the compiled mapping gave other rows than mapResultRow')).toEqual(expected);
    expect(rows[1]?.visit, rowMapperContract("a left join's missing table is not null")).toBeNull();
  });
});
