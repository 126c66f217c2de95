/**
 * Issue 7: on PGlite a repeated parameterised statement is parsed and planned once under a name
 * (db/pglite-named-statements.ts), as on PostgreSQL, and behaves as an unnamed one: same rows,
 * same errors, same wait behind another statement's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@db/client';
import { errorCodesOf } from '@db/pg-errors';
import { executeRows } from '@db/rows';
import { appSettings, tipTypes } from '@db/schema';
import { openTestDatabase } from './test-database';

describe.skipIf(process.env.WAYMARK_TEST_DB === 'postgres')('named statements on PGlite', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  async function prepared(): Promise<string[]> {
    const rows = await executeRows<{ statement: string }>(database.db, sql`SELECT statement FROM pg_prepared_statements`);
    return rows.map((r) => r.statement);
  }

  const settingByKey = (key: string) => database.db.select().from(appSettings).where(eq(appSettings.key, key));

  it('prepares a parameterised statement once and gives the rows an unnamed one gives', async () => {
    await database.db.insert(appSettings).values({ key: 'named-a', value: 'A' });
    const rows = [await settingByKey('named-a'), await settingByKey('named-a'), await settingByKey('missing')];
    expect(rows[0]).toEqual([{ key: 'named-a', value: 'A', createdAt: expect.any(Date) }]);
    expect(rows[1]).toEqual(rows[0]);
    expect(rows[2]).toEqual([]);
    const statements = (await prepared()).filter((s) => s.includes('from "app_settings"'));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('"key" = $1');
    // A read with its value written in (no parameter) is kept too: a page size written into
    // its text leaves a first page none. A write without parameters is not.
    const readText = "select count(*)::int as n from app_settings where key = 'named-a'";
    expect(await executeRows(database.db, sql.raw(readText))).toEqual([{ n: 1 }]);
    expect(await executeRows(database.db, sql.raw(readText))).toEqual([{ n: 1 }]);
    expect((await prepared()).filter((s) => s.includes("'named-a'"))).toEqual([readText]);
    await database.db.execute(sql`update app_settings set value = 'B' where key = 'named-a'`);
    expect((await prepared()).filter((s) => s.includes('update app_settings'))).toEqual([]);
  });

  it('binds nulls and arrays, and reports a bad value with its SQLSTATE, then goes on', async () => {
    const anyOf = async (ids: string[]) => {
      const query = sql`select count(*)::int as n from tip_types where id = ANY(${sql.param(ids)}::uuid[]) or ${null}::text is not null`;
      return executeRows<{ n: number }>(database.db, query);
    };
    const [type] = await database.db.select({ id: tipTypes.id }).from(tipTypes).limit(1);
    expect(await anyOf([type!.id])).toEqual([{ n: 1 }]);
    expect(await anyOf([])).toEqual([{ n: 0 }]);
    const error = await anyOf(['not-a-uuid']).then(
      () => null,
      (e: unknown) => e,
    );
    expect(errorCodesOf(error)).toContain('22P02');
    expect(await anyOf([type!.id])).toEqual([{ n: 1 }]);
  });

  it("waits for another statement's transaction instead of running inside it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key: 'named-tx', value: 'in flight' });
      inserted();
      await gate;
      await tx.update(appSettings).set({ value: 'committed' }).where(eq(appSettings.key, 'named-tx'));
    });
    await Promise.race([insertedSignal, transaction]);
    let read: { value: string }[] | undefined;
    const reading = settingByKey('named-tx').then((rows) => {
      read = rows;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(read).toBeUndefined();
    release();
    await Promise.all([transaction, reading]);
    expect(read?.map((r) => r.value)).toEqual(['committed']);
    // The transaction's own statements were named too.
    expect((await prepared()).filter((s) => s.startsWith('update "app_settings"'))).toHaveLength(1);
  });

  it('rolls back a transaction whose named statements ran, and the names stay usable', async () => {
    const insert = (executor: Pick<DatabaseHandle['db'], 'insert'>, key: string) =>
      executor.insert(appSettings).values({ key, value: 'v' });
    const failed = database.db.transaction(async (tx) => {
      await insert(tx, 'named-rolled-back');
      throw new Error('stop');
    });
    await expect(failed).rejects.toThrow('stop');
    expect(await settingByKey('named-rolled-back')).toEqual([]);
    await insert(database.db, 'named-after');
    await database.db.transaction((tx) => insert(tx, 'named-after-tx'));
    expect((await settingByKey('named-after')).map((r) => r.key)).toEqual(['named-after']);
    expect((await settingByKey('named-after-tx')).map((r) => r.key)).toEqual(['named-after-tx']);
    expect((await prepared()).filter((s) => s.startsWith('insert into "app_settings"'))).toHaveLength(1);
  });
});
