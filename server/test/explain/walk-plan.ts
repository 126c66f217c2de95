/**
 * The plan of a recorded statement with sequential and bitmap scans off, as the custom or the
 * generic plan: with a test's few rows the planner rightly prefers those, and with them off the
 * walks in index order show (full-scans.ts says why). Shared by the EXPLAIN tests that check a
 * statement walks its index and stops after a page.
 */
import type pg from 'pg';
import type { RecordedQuery } from './query-recorder';

export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

export async function walkPlanOf(pool: pg.Pool, q: RecordedQuery, generic: boolean): Promise<PlanNode> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    await client.query('SET LOCAL enable_bitmapscan = off');
    let rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
    if (generic) {
      // PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN): prepare, force the generic plan, EXECUTE with NULLs.
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE walk_plan_generic AS ${q.text}`);
      const nulls = q.values.map(() => 'NULL').join(', ');
      rows = (await client.query(`EXPLAIN (FORMAT JSON) EXECUTE walk_plan_generic${nulls ? `(${nulls})` : ''}`)).rows;
    } else {
      rows = (await client.query(`EXPLAIN (FORMAT JSON) ${q.text}`, q.values)).rows;
    }
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error(`no plan for ${q.text}`);
    return plan;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    if (generic) await client.query('DEALLOCATE walk_plan_generic').catch(() => undefined);
    client.release();
  }
}
