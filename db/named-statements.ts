/**
 * Names every repeated parameterised statement, so PostgreSQL parses and plans it once per
 * connection instead of on every request (issue 7: the four-branch explore query took 1.5-6.5 ms
 * to plan and 0.3 ms to run). node-postgres prepares a statement that has a `name` on first use
 * on each connection and then only binds and executes it; PostgreSQL switches to a cached
 * generic plan when it costs no more than the custom ones.
 *
 * Left unnamed: statements without parameters (BEGIN, LISTEN, DDL), statements whose text holds
 * PLANNED_PER_CALL (a search PostgreSQL is to plan for its words: a generic plan cannot tell a
 * rare word, for the GIN index, from a common one, for walking the date index), and statements
 * their caller names '' for the same reason.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Distinct statements named per process; past it, new texts run unnamed (nothing unbounded). */
const MAX_NAMED = 2_000;
const names = new Map<string, string>();

/** Written into a condition whose best plan depends on its values; a statement holding it stays unnamed. */
export const PLANNED_PER_CALL = '/* planned per call */';

/** Whether a statement's plan may be shared by every call. */
export function isSharedPlan(text: string): boolean {
  return !text.includes(PLANNED_PER_CALL);
}

export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_NAMED || !isSharedPlan(text)) return undefined;
  const name = `w${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown[] };

/** Wraps a client's query() so parameterised statements carry their name. */
export function nameStatementsOf(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // name '' is a caller's choice to stay unnamed (a drizzle query prepared as ''): planned for its values each time.
    if (config && typeof config === 'object' && (config as QueryConfigLike).name === undefined) {
      const c = config as QueryConfigLike;
      const values = Array.isArray(rest[0]) ? rest[0] : c.values;
      const name = typeof c.text === 'string' && values && values.length > 0 ? statementName(c.text) : undefined;
      if (name) return query({ ...c, name }, ...rest);
    }
    return query(config, ...rest);
  };
}
