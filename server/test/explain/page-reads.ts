/**
 * How many rows of a table a recorded query really reads, by EXPLAIN ANALYZE with seq scans off
 * (full-scans.ts says why they are off). A keyset page walks its index and stops after the page,
 * even when the walk has no index condition (the first page of an unfiltered list: the plan alone
 * cannot tell that from reading the whole index); the rows read can. The statement runs inside a
 * transaction that is rolled back.
 */
import type pg from 'pg';
import type { PlanKind } from './full-scans';
import type { RecordedQuery } from './query-recorder';

interface AnalyzedNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: AnalyzedNode[];
}

export interface TableReads {
  /** Rows fetched from the table (kept or filtered out), over every scan of it. */
  rows: number;
  seqScans: number;
  /** One line per scan of the table: `Index Scan using x: 21 rows`. */
  scans: string[];
}

/** A bound value as PostgreSQL's text of it (arrays as `{"a","b"}`, as node-postgres sends them). */
function literalOf(value: unknown): string {
  if (Array.isArray(value)) return `{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return value instanceof Date ? value.toISOString() : String(value);
}

const nodesOf = (n: AnalyzedNode): AnalyzedNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

export async function readsOf(pool: pg.Pool, query: RecordedQuery, table: string, kind: PlanKind): Promise<TableReads> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    let rows: { 'QUERY PLAN': [{ Plan: AnalyzedNode }] }[];
    if (kind === 'custom') {
      rows = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${query.text}`, query.values)).rows;
    } else {
      // The plan a named statement may settle on, run with the recorded values.
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE page_reads AS ${query.text}`);
      // EXECUTE takes no bound parameters: the values go in as literals.
      const args = query.values.map((v) => (v === null ? 'NULL' : client.escapeLiteral(literalOf(v)))).join(', ');
      rows = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE page_reads${args ? `(${args})` : ''}`)).rows;
    }
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error(`no plan for ${query.text}`);
    const scans = nodesOf(plan).filter((n) => n['Relation Name'] === table);
    const read = (n: AnalyzedNode) =>
      ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) *
      (n['Actual Loops'] ?? 1);
    return {
      rows: scans.reduce((sum, n) => sum + read(n), 0),
      seqScans: scans.filter((n) => n['Node Type'] === 'Seq Scan').length,
      scans: scans.map((n) => `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}: ${read(n)} rows`),
    };
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    if (kind === 'generic') await client.query('DEALLOCATE page_reads').catch(() => undefined);
    client.release();
  }
}
