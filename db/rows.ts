/**
 * The rows of a raw statement (`db.execute(sql...)`). Both drivers answer an object with `rows`
 * (node-postgres' QueryResult, PGlite's Results), but drizzle types it per driver, so for our
 * `Executor` (either) the result is opaque: this is the one cast, checked by `rows.test.ts`.
 * The row type is the caller's word: name the columns with `AS` to match it.
 */
import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** The rows of a driver's result; throws when the result has none (a driver that changed shape). */
export function rowsOf<Row>(result: unknown): Row[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('db/rows.ts: a raw statement answered without rows; did the driver change?');
  return rows as Row[];
}

/** Runs a raw statement and returns its rows. */
export async function executeRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}
