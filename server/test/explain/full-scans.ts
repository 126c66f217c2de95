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

/** Tables whose full scan fails the test (issue 7; guide_countries is how guides are filtered by country), and those only reported. */
export const FAILING_TABLES = new Set([
  'tips',
  'guides',
  'guide_countries',
  'likes',
  'notifications',
  'tip_map_cells',
  'passkeys',
  // The vocabulary a misspelt search word is matched against (ADR 105): by its trigram index.
  'search_words',
]);
export const WATCHED_TABLES = new Set([...FAILING_TABLES, 'saved_items', 'guide_tips', 'connections', 'blocks', 'profiles']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Alias?: string;
  Filter?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

export interface FullScan {
  query: RecordedQuery;
  plan: PlanKind;
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

/**
 * `custom`: the plan for these values, as an unnamed statement gets. `generic`: the plan a named
 * statement (db/named-statements.ts) may switch to after five runs, made without the values. It
 * can use a partial index only when the index's WHERE follows from the SQL text alone (a value
 * bound as $n proves nothing), so it is checked on its own.
 */
export type PlanKind = 'custom' | 'generic';

export async function fullScansOf(
  pool: pg.Pool,
  indexes: Indexes,
  query: RecordedQuery,
  kind: PlanKind = 'custom',
): Promise<FullScan[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    const plan = kind === 'custom' ? await customPlan(client, query) : await genericPlan(client, query);
    return nodesOf(plan).flatMap((n): FullScan[] => {
      if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) {
        return [{ query, plan: kind, table: n['Relation Name'], kind: 'seq scan', node: describe(n) }];
      }
      const index = n['Index Name'] ? indexes.get(n['Index Name']) : undefined;
      if (INDEX_SCANS.has(n['Node Type']) && index && !index.isPartial && !n['Index Cond']) {
        return [{ query, plan: kind, table: index.table, kind: 'full index scan', node: describe(n) }];
      }
      return [];
    });
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    // A PREPARE outlives the ROLLBACK; the pooled connection must not keep it.
    if (kind === 'generic') await client.query('DEALLOCATE explain_generic').catch(() => undefined);
    client.release();
  }
}

/** The plan PostgreSQL really takes (no setting changed), as one line per node: `Index Scan using x on tips (Filter: ...)`. */
export async function planLines(pool: pg.Pool, query: RecordedQuery, kind: PlanKind): Promise<string[]> {
  return (await planNodes(pool, query, kind)).map(describe);
}

/** The rows the planner expects from the scan of this index, per node that scans it. */
export async function estimatedRows(pool: pg.Pool, query: RecordedQuery, kind: PlanKind, indexName: string): Promise<number[]> {
  return (await planNodes(pool, query, kind))
    .filter((n) => n['Index Name'] === indexName)
    .map((n) => n['Plan Rows'] ?? Number.NaN);
}

async function planNodes(pool: pg.Pool, query: RecordedQuery, kind: PlanKind): Promise<PlanNode[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const plan = kind === 'custom' ? await customPlan(client, query) : await genericPlan(client, query);
    return nodesOf(plan);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    if (kind === 'generic') await client.query('DEALLOCATE explain_generic').catch(() => undefined);
    client.release();
  }
}

type ExplainRow = { 'QUERY PLAN': [{ Plan: PlanNode }] };

async function customPlan(client: pg.PoolClient, query: RecordedQuery): Promise<PlanNode> {
  const result = await client.query<ExplainRow>(`EXPLAIN (FORMAT JSON) ${query.text}`, query.values);
  return planOf(result.rows, query);
}

/**
 * PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN): prepare the text, force the generic plan and
 * EXPLAIN EXECUTE it. A generic plan ignores the values, so NULLs stand in for them.
 */
async function genericPlan(client: pg.PoolClient, query: RecordedQuery): Promise<PlanNode> {
  await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
  await client.query(`PREPARE explain_generic AS ${query.text}`);
  const nulls = Array.from({ length: parameterCount(query.text) }, () => 'NULL').join(', ');
  const result = await client.query<ExplainRow>(`EXPLAIN (FORMAT JSON) EXECUTE explain_generic${nulls ? `(${nulls})` : ''}`);
  return planOf(result.rows, query);
}

function parameterCount(text: string): number {
  return Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
}

function planOf(rows: ExplainRow[], query: RecordedQuery): PlanNode {
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error(`no plan for ${query.text}`);
  return plan;
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

function describe(n: PlanNode): string {
  const on = n['Index Name'] ? ` using ${n['Index Name']}` : '';
  const table = n['Relation Name'] ? ` on ${n['Relation Name']}` : '';
  return `${n['Node Type']}${on}${table}${n.Filter ? ` (Filter: ${n.Filter})` : ''}`;
}
