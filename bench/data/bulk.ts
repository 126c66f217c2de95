/** Runs generator statements the way a bulk load should: set-based, in batches, triggers off. */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@db/client';

export type Log = (line: string) => void;

/**
 * One transaction per batch. `session_replication_role = replica` (superuser; works on PostgreSQL
 * and PGlite) keeps the realtime triggers of migration 0005 from writing an `events` row and a
 * NOTIFY per generated notification or connection, and skips the foreign-key triggers: the
 * generator takes every id from rows it just wrote. SET LOCAL ends with the transaction, so a
 * pooled connection goes back to the pool unchanged.
 */
export async function bulk(handle: DatabaseHandle, ...statements: string[]): Promise<void> {
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw('SET LOCAL session_replication_role = replica'));
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

/** Splits 1..total into batches of at most `size`: [from, to] inclusive. */
export function batches(total: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 1; from <= total; from += size) out.push([from, Math.min(total, from + size - 1)]);
  return out;
}

export async function timed<T>(log: Log, label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

export async function rowsOf<R>(handle: DatabaseHandle, query: string): Promise<R[]> {
  const result = (await handle.db.execute(sql.raw(query))) as { rows: R[] };
  return result.rows;
}
