/**
 * How PostgreSQL's plan cache treats a named statement: after five custom plans it keeps a generic
 * one if that is estimated no dearer; otherwise every call is planned again (ADR 017).
 */
import type pg from 'pg';

/** How a named statement was planned over `runs` runs with the recorded values (pg_prepared_statements). */
export async function plansTaken(pool: pg.Pool, query: { text: string; values: unknown[] }, runs: number) {
  const client = await pool.connect();
  try {
    for (let i = 0; i < runs; i++) await client.query({ name: 'plans_taken', text: query.text, values: query.values });
    const { rows } = await client.query<{ generic: string; custom: string }>(
      `SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE name = 'plans_taken'`,
    );
    return { generic: Number(rows[0]?.generic), custom: Number(rows[0]?.custom) };
  } finally {
    // The connection goes, with its statement: no later query may meet the name.
    client.release(true);
  }
}
