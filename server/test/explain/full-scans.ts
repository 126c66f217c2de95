/**
 * EXPLAINs a recorded query and lists the scans in its plan that read a whole table.
 *
 * Each EXPLAIN runs with `SET LOCAL enable_seqscan = off`. With a few rows per table the planner
 * rightly prefers reading the one or two pages of a table to any index, so a plain EXPLAIN would
 * show seq scans everywhere and say nothing. Turning seq scans off does not forbid them: it only
 * makes them cost more than any alternative, so a Seq Scan still in the plan means no index can
 * serve that access, whatever the data's size and statistics. That is the question here ("is every
 * list backed by an index?"); which plan wins at 200k rows is the benchmarks' job.
 *
 * With seq scans off the planner also walks a whole unrelated index instead (e.g. all of
 * notifications_actor_id_idx, filtering on user_id, when the user index is missing): a seq scan
 * in disguise. So an index scan with no Index Cond counts too, unless its index is partial: walking
 * tips_public_created_idx in order under a LIMIT is the keyset page itself, its WHERE the filter.
 */
import type pg from 'pg';
import type { RecordedQuery } from './query-recorder';

/** Tables whose full scan fails the test (issue 7), and those only reported. */
export const FAILING_TABLES = new Set(['tips', 'guides', 'likes', 'notifications']);
export const WATCHED_TABLES = new Set([...FAILING_TABLES, 'saved_items', 'guide_tips', 'connections']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Alias?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

export interface FullScan {
  query: RecordedQuery;
  table: string;
  kind: 'seq scan' | 'full index scan';
  node: string;
}

interface IndexInfo {
  table: string;
  isPartial: boolean;
}
export type Indexes = Map<string, IndexInfo>;

const READ_QUERY = /^\s*\(?\s*(select|with)\b/i;
const WATCHED = new RegExp(`\\b(${[...WATCHED_TABLES].join('|')})\\b`, 'i');
const INDEX_SCANS = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

/** A SELECT that reads one of the watched tables (quoted or not; `guide_tips` is its own word). */
export function isWatchedRead(q: RecordedQuery): boolean {
  return READ_QUERY.test(q.text) && WATCHED.test(q.text);
}

export async function loadIndexes(pool: pg.Pool): Promise<Indexes> {
  const { rows } = await pool.query<{ indexname: string; tablename: string; indexdef: string }>(
    `SELECT indexname, tablename, indexdef FROM pg_indexes WHERE schemaname = current_schema()`,
  );
  return new Map(rows.map((r) => [r.indexname, { table: r.tablename, isPartial: / WHERE /i.test(r.indexdef) }]));
}

export async function fullScansOf(pool: pg.Pool, indexes: Indexes, query: RecordedQuery): Promise<FullScan[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${query.text}`, query.values);
    const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error(`no plan for ${query.text}`);
    return nodesOf(plan).flatMap((n): FullScan[] => {
      if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) {
        return [{ query, table: n['Relation Name'], kind: 'seq scan', node: describe(n) }];
      }
      const index = n['Index Name'] ? indexes.get(n['Index Name']) : undefined;
      if (INDEX_SCANS.has(n['Node Type']) && index && !index.isPartial && !n['Index Cond']) {
        return [{ query, table: index.table, kind: 'full index scan', node: describe(n) }];
      }
      return [];
    });
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

function describe(n: PlanNode): string {
  const on = n['Index Name'] ? ` using ${n['Index Name']}` : '';
  const table = n['Relation Name'] ? ` on ${n['Relation Name']}` : '';
  return `${n['Node Type']}${on}${table}${n.Filter ? ` (Filter: ${n.Filter})` : ''}`;
}
