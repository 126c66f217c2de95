/**
 * Keyset pagination over (created_at DESC, id DESC): no OFFSET, so a page costs the same at
 * row 10 and row 1,000,000. The cursor carries PostgreSQL's own text of the timestamp, which
 * keeps its microseconds (a JavaScript Date would round them and skip or repeat rows).
 */
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isCalendarTimestamp } from '@common/schemas/calendar-date';
import { BadRequestError } from './errors';

export interface Cursor {
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** PostgreSQL's text of a timestamptz, e.g. `2026-11-21 20:08:45.917123+00` (what cursors carry). */
const PG_TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

const PG_TIMESTAMPTZ_PARTS =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/**
 * PostgreSQL's text of a timestamptz as microseconds since 1970, exactly (a Date keeps
 * milliseconds only): for ordering keys the server holds against a cursor (ADR 097).
 */
export function timestampMicros(text: string): number {
  const m = PG_TIMESTAMPTZ_PARTS.exec(text);
  if (!m) throw new Error(`not a PostgreSQL timestamptz: ${text}`);
  const [, y, mo, d, h, mi, sec, fraction = '', sign, oh, om = '0', os = '0'] = m;
  const utcSeconds = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)) / 1000;
  const offsetSeconds = (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60 + Number(os));
  return (utcSeconds - offsetSeconds) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

/** Whether key a comes after key b in (created_at DESC, id DESC) order: it is older, or as old with a lower id. */
export function isAfterKey(a: { ts: number; id: string }, b: { ts: number; id: string }): boolean {
  return a.ts < b.ts || (a.ts === b.ts && a.id < b.id);
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  const [createdAt, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !UUID.test(id) || !PG_TIMESTAMPTZ.test(createdAt) || !isCalendarTimestamp(createdAt)) {
    throw new BadRequestError('Invalid page cursor');
  }
  return { createdAt, id };
}

/** The cursor column every keyset query selects next to its rows. */
export function cursorText(createdAt: PgColumn): SQL<string> {
  return sql<string>`${createdAt}::text`;
}

/** Plain DESC, the order the keyset indexes are built in (db/schema.ts), so they are walked, not sorted. */
export function newestFirst(column: PgColumn): SQL {
  return sql`${column} DESC`;
}

/** Rows after the key (keyTs, keyId) in the list's order; each a value or a prepared query's placeholder. */
export function beforeKey(createdAt: PgColumn, id: PgColumn, keyTs: string | Placeholder, keyId: string | Placeholder): SQL {
  return sql`(${createdAt}, ${id}) < (${keyTs}::timestamptz, ${keyId}::uuid)`;
}

/**
 * Rows after the cursor, for a list's statement built per call. The cursor's values are read
 * through sub-selects, hidden from the planner: seeing them, each custom plan counted the rows
 * past that cursor and came out cheaper than the generic plan (which assumes a third of the
 * table), so PostgreSQL planned the statement again on every call. The index still takes them
 * as its condition. The prepared content statements keep beforeKey: their plans are checked as
 * they are (server/test/explain).
 */
export function beforeCursor(createdAt: PgColumn, id: PgColumn, cursor: Cursor | null): SQL | undefined {
  return cursor ? beforeHiddenKey(createdAt, id, cursor.createdAt, cursor.id) : undefined;
}

/** beforeKey with the key read through sub-selects, hidden from the planner (beforeCursor says why). */
export function beforeHiddenKey(
  createdAt: PgColumn,
  id: PgColumn,
  keyTs: string | Placeholder,
  keyId: string | Placeholder,
): SQL {
  return sql`(${createdAt}, ${id}) < ((SELECT ${keyTs}::timestamptz), (SELECT ${keyId}::uuid))`;
}

/** beforeCursor for a prepared query (db/prepared.ts): the cursor arrives as `cursorTs` and `cursorId`. */
export function beforeCursorPlaceholder(createdAt: PgColumn, id: PgColumn): SQL {
  return beforeKey(createdAt, id, sql.placeholder('cursorTs'), sql.placeholder('cursorId'));
}

/**
 * A page's row count written into a prepared query's SQL, not bound as `LIMIT $n`. Bound, a
 * generic plan must assume a tenth of the rows; over explore's 180,000 public tips it then costs
 * more than the custom plans, and PostgreSQL plans the named statement again on every call
 * (0.8-1.1 ms of planning per request; 0.15 ms with the count in the text). A limit is 1-50,
 * so this makes at most 50 texts per query shape.
 */
export function limitLiteral(rows: number): SQL {
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`a page's row count must be a positive integer, not ${rows}`);
  return sql.raw(String(rows));
}

/**
 * limitLiteral for drizzle's `.limit()`, which writes an SQL limit as it is but whose types name
 * only numbers and placeholders. Bound as `LIMIT $n`, a list's generic plan assumed a tenth of
 * the table and the statement was planned on every call (server/test/explain/plan-cache.ts).
 */
export const pageLimit = (rows: number): number => limitLiteral(rows) as unknown as number;

/** Rows were fetched with limit + 1; the extra one only says whether there is a next page. */
export function toPage<R extends { cursorTs: string; id: string }, T>(rows: R[], limit: number, toItem: (row: R) => T) {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursorTs, id: last.id }) : null,
  };
}
