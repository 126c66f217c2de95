/**
 * Names every repeated parameterised statement, so PostgreSQL parses and plans it once per
 * connection instead of on every request (issue 7: the four-branch explore query took 1.5-6.5 ms
 * to plan and 0.3 ms to run). node-postgres prepares a statement that has a `name` on first use
 * on each connection and then only binds and executes it; PostgreSQL switches to a cached
 * generic plan when it costs no more than the custom ones.
 *
 * One way to keep a statement unnamed: wrap the condition whose best plan depends on its values in
 * `plannedPerCall(...)` (a search PostgreSQL is to plan for its words: a generic plan cannot tell
 * a rare word, for the GIN index, from a common one, for walking the date index). A statement
 * holding it is never named, not even under a name its caller gave drizzle's `.prepare(name)`.
 * Other statements without parameters (BEGIN, LISTEN, DDL) are left alone too, but that is the
 * driver's plumbing, not a way to ask: `statement-naming.test.ts` refuses `.prepare('')` and the
 * raw marker anywhere else. A read without parameters is named: a page size written into the
 * text (limitLiteral) leaves a first page with none, and unnamed it was planned on every call
 * (the Reports tab's page: 3 ms of planning for 0.6 ms of work).
 */
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';

/** Distinct statements named per process; past it, new texts run unnamed (nothing unbounded). */
const MAX_NAMED = 2_000;
const names = new Map<string, string>();

/** Written into a condition whose best plan depends on its values; a statement holding it stays unnamed. */
const PLANNED_PER_CALL = '/* planned per call */';

/**
 * A condition PostgreSQL plans for its values on every call: the statement holding it is never
 * named, on PostgreSQL or PGlite, so no generic plan is cached for it.
 */
export function plannedPerCall(condition: SQL): SQL {
  return sql`${sql.raw(PLANNED_PER_CALL)} ${condition}`;
}

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

/** A read: a SELECT, or a WITH whose statement reads or writes. */
export const isRead = (text: string): boolean => /^\s*(select|with)\b/i.test(text);

/** The name a statement runs under: a parameterised one's, or a read's (see the head of this file). */
export function nameOfStatement(text: string, values: readonly unknown[] | undefined): string | undefined {
  return (values && values.length > 0) || isRead(text) ? statementName(text) : undefined;
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown[] };

/**
 * Wraps a client's query() so parameterised statements carry their name: the caller's (drizzle's
 * `.prepare(name)`) or one made from the text. A statement planned per call loses any name.
 */
export function nameStatementsOf(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (!config || typeof config !== 'object' || typeof (config as QueryConfigLike).text !== 'string')
      return query(config, ...rest);
    const c = config as QueryConfigLike & { text: string };
    if (!isSharedPlan(c.text)) return query({ ...c, name: undefined }, ...rest);
    if (typeof c.name === 'string' && c.name !== '') return query(config, ...rest);
    const values = Array.isArray(rest[0]) ? rest[0] : c.values;
    const name = nameOfStatement(c.text, values);
    return query(name ? { ...c, name } : config, ...rest);
  };
}
