/**
 * The home screen's reads (ADR 055): the newest public tips and guides of the viewer's accepted
 * connections, the most liked public ones of a recent window, and the first-run checklist.
 * Both lists return keys (limit + 1 rows); the service reads their cards as Explore does.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { connections, guides, profiles, tips } from '@db/schema';
import { isPublic } from '@db/visibility';
import { type Cursor, beforeKey, limitLiteral } from '@server/lib/keyset';

export interface KeyRow {
  kind: 'tip' | 'guide';
  id: string;
  cursor_ts: string;
}

export interface PopularKeyRow extends KeyRow {
  likes: number;
}

/** Where a popular page starts: after (likes, created_at, id), in the window since `since`. */
export interface PopularCursor {
  likes: number;
  createdAt: string;
  id: string;
  since: string;
}

/** The viewer's accepted connections, whichever side asked (two index lookups). */
function friendsOf(viewerId: string): SQL {
  const c = connections;
  return sql`SELECT ${c.addresseeId} AS id FROM ${c} WHERE ${c.requesterId} = ${viewerId} AND ${c.status} = 'accepted'
    UNION
    SELECT ${c.requesterId} FROM ${c} WHERE ${c.addresseeId} = ${viewerId} AND ${c.status} = 'accepted'`;
}

/**
 * One branch of the feed: per connection, their newest public items after the cursor, walked in
 * order on (user_id, created_at, id) WHERE is_private = false and stopped after `rows`; so a
 * page reads at most connections x rows index entries, however much each connection wrote.
 */
function feedBranch(kind: 'tip' | 'guide', cursor: Cursor | null, rows: number): SQL {
  const table = kind === 'tip' ? tips : guides;
  const after = cursor ? sql` AND ${beforeKey(table.createdAt, table.id, cursor.createdAt, cursor.id)}` : sql``;
  return sql`SELECT ${sql.raw(`'${kind}'`)} AS kind, item.id, item.created_at FROM friends CROSS JOIN LATERAL (
      SELECT ${table.id} AS id, ${table.createdAt} AS created_at FROM ${table}
      WHERE ${table.userId} = friends.id AND ${isPublic(table)}${after}
      ORDER BY ${table.createdAt} DESC, ${table.id} DESC LIMIT ${limitLiteral(rows)}) AS item`;
}

/** Keys of a feed page, newest first: the connections' public tips and guides. */
export function feedKeys(db: Executor, viewerId: string, cursor: Cursor | null, limit: number): Promise<KeyRow[]> {
  const rows = limit + 1;
  return executeRows<KeyRow>(
    db,
    sql`WITH friends AS MATERIALIZED (${friendsOf(viewerId)})
      SELECT kind, id, created_at::text AS cursor_ts FROM (
        ${feedBranch('tip', cursor, rows)}
        UNION ALL
        ${feedBranch('guide', cursor, rows)}) AS page
      ORDER BY created_at DESC, id DESC LIMIT ${limitLiteral(rows)}`,
  );
}

/**
 * One branch of the ranking: public items created since the window's start with at least one
 * like, ordered (likes_count, created_at, id) DESC. The window is read through the public items'
 * (created_at, id) index and sorted (top-N), see ADR 055 for why likes_count is in no index.
 */
function popularBranch(kind: 'tip' | 'guide', since: string, cursor: PopularCursor | null, rows: number): SQL {
  const table = kind === 'tip' ? tips : guides;
  const after = cursor
    ? sql` AND (${table.likesCount}, ${table.createdAt}, ${table.id}) < (${cursor.likes}::int, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  return sql`(SELECT ${sql.raw(`'${kind}'`)} AS kind, ${table.id} AS id, ${table.likesCount} AS likes, ${table.createdAt} AS created_at
      FROM ${table}
      WHERE ${isPublic(table)} AND ${table.createdAt} >= ${since}::timestamptz AND ${table.likesCount} > 0${after}
      ORDER BY ${table.likesCount} DESC, ${table.createdAt} DESC, ${table.id} DESC LIMIT ${limitLiteral(rows)})`;
}

/** Keys of a page of the most liked, most liked first (ties: newest first). */
export function popularKeys(db: Executor, since: string, cursor: PopularCursor | null, limit: number): Promise<PopularKeyRow[]> {
  const rows = limit + 1;
  return executeRows<PopularKeyRow>(
    db,
    sql`SELECT kind, id, likes, created_at::text AS cursor_ts FROM (
        ${popularBranch('tip', since, cursor, rows)}
        UNION ALL
        ${popularBranch('guide', since, cursor, rows)}) AS page
      ORDER BY likes DESC, created_at DESC, id DESC LIMIT ${limitLiteral(rows)}`,
  );
}

export interface ChecklistRow {
  has_photo: boolean;
  has_country: boolean;
  has_tip: boolean;
  has_connection: boolean;
}

/** The four first steps in one statement, each an index lookup. */
export async function checklist(db: Executor, viewerId: string): Promise<ChecklistRow | undefined> {
  const p = profiles;
  const [row] = await executeRows<ChecklistRow>(
    db,
    sql`SELECT ${p.profilePictureUrl} IS NOT NULL AS has_photo,
        coalesce(${p.country}, '') <> '' AS has_country,
        EXISTS (SELECT 1 FROM ${tips} WHERE ${tips.userId} = ${viewerId}) AS has_tip,
        EXISTS (SELECT 1 FROM (${friendsOf(viewerId)}) AS friends) AS has_connection
      FROM ${p} WHERE ${p.userId} = ${viewerId}`,
  );
  return row;
}
