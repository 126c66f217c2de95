/** The SQL of the embedded database's upkeep (ADR 021): its tables, and VACUUM (ANALYZE) of one. */
import { sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';

export async function tableNames(db: Executor): Promise<string[]> {
  const rows = await executeRows<{ relname: string }>(
    db,
    sql`SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace ORDER BY relname`,
  );
  return rows.map((r) => r.relname);
}

export async function vacuumAnalyze(db: Executor, table: string): Promise<void> {
  await db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(table)}`);
}
