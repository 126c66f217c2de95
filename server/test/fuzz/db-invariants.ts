/** What the database must still look like after a route was fuzzed. */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@db/rows';
import type { TestApp } from '../test-app';

export type RowCounts = Record<string, number>;

/** Row counts of every table of the public schema (a new table is counted without a change here). */
export async function rowCounts(t: TestApp): Promise<RowCounts> {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: RowCounts = {};
  for (const { table_name: name } of rowsOf<{ table_name: string }>(tables)) {
    const [row] = rowsOf<{ n: string | number }>(
      await t.database.db.execute<{ n: string | number }>(sql.raw(`SELECT count(*) AS n FROM "${name}"`)),
    );
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/** Tables whose count changed although the route did not declare it may change them. */
export function unexpectedChanges(before: RowCounts, after: RowCounts, allowed: readonly string[]): string[] {
  return Object.keys({ ...before, ...after })
    .filter((name) => !allowed.includes(name) && before[name] !== after[name])
    .map((name) => `${name}: ${before[name]} -> ${after[name]}`);
}

/** Tips and guides whose likes_count differs from their likes rows (the counter must follow docs/product.md#likes-and-saves). */
export async function likeCounterDrift(t: Pick<TestApp, 'database'>): Promise<string[]> {
  const result = await t.database.db.execute<{ kind: string; id: string; counter: number; rows: string | number }>(sql`
    SELECT 'tip' AS kind, id, likes_count AS counter, (SELECT count(*) FROM likes l WHERE l.tip_id = x.id) AS rows
      FROM tips x WHERE likes_count <> (SELECT count(*) FROM likes l WHERE l.tip_id = x.id)
    UNION ALL
    SELECT 'guide', id, likes_count, (SELECT count(*) FROM likes l WHERE l.guide_id = x.id)
      FROM guides x WHERE likes_count <> (SELECT count(*) FROM likes l WHERE l.guide_id = x.id)`);
  return rowsOf<{ kind: string; id: string; counter: number; rows: string | number }>(result).map(
    (r) => `${r.kind} ${r.id}: likes_count ${r.counter}, ${r.rows} likes`,
  );
}

/** tip_map_cells rows that differ from a count of the public placed tips (the triggers must keep them equal). */
export async function mapCellDrift(t: Pick<TestApp, 'database'>): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    WITH expected AS (
      SELECT l.level, waymark_map_x(longitude) >> (24 - l.level) AS x, waymark_map_y(latitude) >> (24 - l.level) AS y,
             country, count(*)::int AS n
      FROM tips CROSS JOIN generate_series(2, 20) AS l(level)
      WHERE is_private = false AND latitude IS NOT NULL GROUP BY 1, 2, 3, 4),
    kept AS (SELECT level, x, y, country, tips_count AS n FROM tip_map_cells)
    (SELECT 'missing' AS what, * FROM (SELECT * FROM expected EXCEPT SELECT * FROM kept) a)
    UNION ALL (SELECT 'extra', * FROM (SELECT * FROM kept EXCEPT SELECT * FROM expected) b)
    LIMIT 5`);
  return rowsOf<Record<string, unknown>>(result).map((r) => JSON.stringify(r));
}

/** Guide days whose items are not numbered 1..n (issue 36: the stored order has no gap or duplicate). */
export async function itineraryGaps(t: Pick<TestApp, 'database'>): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    SELECT guide_id, day_number, count(*)::int AS n, max(order_in_day)::int AS last, min(order_in_day)::int AS first
      FROM guide_tips GROUP BY guide_id, day_number
      HAVING min(order_in_day) <> 1 OR max(order_in_day) <> count(*) OR count(DISTINCT order_in_day) <> count(*)
      LIMIT 5`);
  return rowsOf<Record<string, unknown>>(result).map((r) => JSON.stringify(r));
}
