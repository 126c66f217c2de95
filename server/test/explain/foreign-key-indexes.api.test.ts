/**
 * Issue 7: deleting a row must not read a whole big table. PostgreSQL checks every foreign key
 * pointing at a deleted row (and cascades to it) by its referencing column; unless an index
 * starts with that column, it reads the whole referencing table. Deleting one tip used to read
 * all 500,000 notifications of the bench data set (48 ms), for its notifications' tip_id.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test-app';
import { WATCHED_TABLES } from './full-scans';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface ForeignKey {
  referencing: string;
  column: string;
  referenced: string;
}

/** Single-column foreign keys of the schema, with whether an index starts with their column. */
async function foreignKeys(): Promise<(ForeignKey & { indexed: boolean })[]> {
  const result = await t.db.execute(sql`
    SELECT c.conrelid::regclass::text AS referencing, a.attname AS column, c.confrelid::regclass::text AS referenced,
      EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]) AS indexed
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND cardinality(c.conkey) = 1 AND c.connamespace = current_schema()::regnamespace`);
  return (result as { rows: (ForeignKey & { indexed: boolean })[] }).rows;
}

it('indexes every foreign key column of the big tables, so a deletion never reads them whole', async () => {
  const keys = await foreignKeys();
  const ofBigTables = keys.filter((k) => WATCHED_TABLES.has(k.referencing));
  // The check sees the schema: notifications alone has four foreign keys.
  expect(ofBigTables.filter((k) => k.referencing === 'notifications').length).toBeGreaterThanOrEqual(4);
  expect(ofBigTables.filter((k) => !k.indexed).map((k) => `${k.referencing}.${k.column} -> ${k.referenced}`)).toEqual([]);
});
