/**
 * ANALYZE's figures of search_vector for tips and guides (pg_stats: its most common words and
 * their frequencies, and the months created_at spans; pg_class: the row count), which
 * search-plan.ts chooses a plan with.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import type { WordStats } from './search-plan';

export type TableWordStats = Record<'tips' | 'guides', WordStats | null>;

interface StatsRow {
  table: 'tips' | 'guides';
  rows: number;
  words: string[] | null;
  frequencies: number[] | null;
  /** Months between the first and last bounds of ANALYZE's histogram of created_at. */
  months: number | null;
}

export async function readWordStats(db: Executor): Promise<TableWordStats> {
  const result = await db.execute(sql`
    SELECT c.relname AS "table", c.reltuples::float8 AS rows,
      s.most_common_elems::text::text[] AS words, s.most_common_elem_freqs::float8[] AS frequencies,
      extract(epoch FROM d.bounds[array_upper(d.bounds, 1)] - d.bounds[1]) / (86400 * 30.44) AS months
    FROM pg_class c
    LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = c.relname AND s.attname = 'search_vector'
    LEFT JOIN LATERAL (SELECT histogram_bounds::text::timestamptz[] AS bounds FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = c.relname AND attname = 'created_at') d ON true
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relname IN ('tips', 'guides')`);
  const stats: TableWordStats = { tips: null, guides: null };
  for (const row of (result as { rows: StatsRow[] }).rows) stats[row.table] = toWordStats(row);
  return stats;
}

function toWordStats(row: StatsRow): WordStats | null {
  const { words, frequencies } = row;
  if (!words || !frequencies || words.length === 0) return null;
  // After one frequency per word come the smallest and the largest of them.
  const minFrequency = frequencies[words.length];
  if (minFrequency === undefined) return null;
  return {
    rows: Number(row.rows),
    frequencies: new Map(words.map((w, i) => [w, frequencies[i]!])),
    minFrequency,
    months: Number(row.months ?? 0),
  };
}

/** What a search can tell from, read again at most every few minutes (ANALYZE runs when a table changes enough). */
export function createWordStatsReader(db: Executor, { maxAgeMs = 5 * 60_000, maxAgeWithoutMs = 30_000 } = {}) {
  let cached: { stats: TableWordStats; at: number } | undefined;
  let reading: Promise<TableWordStats> | undefined;
  return async function wordStats(): Promise<TableWordStats> {
    const now = Date.now();
    // Search plans need both tables' figures: until both exist, look again sooner.
    const isComplete = cached?.stats.tips && cached.stats.guides;
    if (cached && now - cached.at < (isComplete ? maxAgeMs : maxAgeWithoutMs)) return cached.stats;
    // Concurrent searches share one read.
    reading ??= readWordStats(db)
      .then((stats) => {
        cached = { stats, at: Date.now() };
        return stats;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
}
