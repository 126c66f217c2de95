/**
 * Who may see a tip or guide, as SQL (docs/product.md#visibility, ADR 081).
 *
 * is_private is "not shown to members at large" (connections-only, private or hidden by a
 * moderator), computed by PostgreSQL. Its constant is written into the text, never bound as $n:
 * the keyset indexes are partial (WHERE is_private = false, or = true), and a named statement's
 * generic plan is made without the bound values, so with `is_private = $1` it cannot prove the
 * index's WHERE and reads the whole table (issue 7; server/test/explain checks generic plans).
 *
 * A viewer sees an item when it is public, or theirs, or connections-only (and not hidden) and
 * they are connected to its author; and never when either of them blocked the other or its
 * author is suspended. The two member lists are written inline as sub-selects cast to uuid[]
 * (the hidden authors gathered by (SELECT ARRAY(...)), the connections read from their kept row,
 * ADR 098; the cast keeps `= ANY (...)` from reading a set of rows): uncorrelated, each is an
 * InitPlan computed once per statement, and its value is hidden from the planner, which then
 * plans every viewer alike (ADR 082). As SQL functions they were planned again on every call
 * (0.5 ms against 0.13-0.3 ms inline on PostgreSQL 15, tens of ms on PGlite for a member with
 * hundreds of connections), so they are written here instead.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { guides, tips } from './schema';

type Shareable = typeof tips | typeof guides;
/** A viewer's id: a string bound now, a placeholder of a prepared query, or any SQL (t.user_id). */
export type ViewerId = string | SQLWrapper;

export const isPublic = (table: Shareable): SQL => sql`${table.isPrivate} = false`;
export const isPrivate = (table: Shareable): SQL => sql`${table.isPrivate} = true`;

/**
 * A viewer whose two member lists the statement computes once, in the `viewer_hidden` and
 * `viewer_connections` CTEs that viewerListsCte writes at its head: every reference then reads
 * that one row. Written inline, each reference is an InitPlan of its own, computed again:
 * Explore's page referred to the hidden authors four times and to the connections twice. Two
 * CTEs, not one row of both: a CTE is computed when first read, so a statement whose rows never
 * need the connections (a search page whose span holds no connections-only item) never lists
 * them (ADR 098). As SQL it is the viewer's id.
 */
export class ListedViewer implements SQLWrapper {
  constructor(readonly id: ViewerId) {}
  getSQL(): SQL {
    return sql`${this.id}`;
  }
}

/**
 * Members the viewer never sees: blocked either way, or suspended now, as a uuid[]. Content
 * lists leave the viewer's own suspension out (`exceptViewer`: their own items stay theirs); the
 * members' search keeps it, as it always has (ADR 111).
 */
export const hiddenMembersInline = (viewer: ViewerId | null, { exceptViewer }: { exceptViewer: boolean }): SQL =>
  sql`(SELECT ARRAY(SELECT hidden_by.blocked_id FROM blocks hidden_by WHERE hidden_by.blocker_id = ${viewer}::uuid
    UNION ALL SELECT hiding.blocker_id FROM blocks hiding WHERE hiding.blocked_id = ${viewer}::uuid
    UNION ALL SELECT suspended.user_id FROM member_suspensions suspended
      WHERE (suspended.until IS NULL OR suspended.until > now())${
        exceptViewer ? sql` AND suspended.user_id IS DISTINCT FROM ${viewer}::uuid` : sql``
      }))::uuid[]`;

/** Members whose content the viewer never sees. */
const hiddenAuthorsInline = (viewer: ViewerId | null): SQL => hiddenMembersInline(viewer, { exceptViewer: true });

/**
 * The members the viewer is connected to (accepted, either way round): their row of
 * member_connection_lists (migration 0024, ADR 098), one read where gathering them from the two
 * pair indexes took ~0.1 ms for a member with 474 connections.
 */
const connectionIdsInline = (viewer: ViewerId): SQL =>
  sql`(SELECT COALESCE((SELECT viewer_list.connection_ids FROM member_connection_lists viewer_list
      WHERE viewer_list.user_id = ${viewer}::uuid), '{}'))::uuid[]`;

// The cast keeps `= ANY (...)` reading an array, not a set of rows.
export const hiddenAuthorsOf = (viewer: ViewerId | null): SQL =>
  viewer instanceof ListedViewer ? sql`(SELECT hidden FROM viewer_hidden)::uuid[]` : hiddenAuthorsInline(viewer);

export const connectionIdsOf = (viewer: ViewerId): SQL =>
  viewer instanceof ListedViewer ? sql`(SELECT connections FROM viewer_connections)::uuid[]` : connectionIdsInline(viewer);

/** The CTEs a statement using a ListedViewer starts with (`WITH ${viewerListsCte(v)} ...`). */
export const viewerListsCte = (viewer: ListedViewer): SQL =>
  sql`viewer_hidden AS MATERIALIZED (SELECT ${hiddenAuthorsInline(viewer.id)} AS hidden),
    viewer_connections AS MATERIALIZED (SELECT ${connectionIdsInline(viewer.id)} AS connections)`;

/**
 * The item's author is neither blocked (either way) nor suspended. Written as NULLIF(...) IS NOT
 * NULL, not `user_id <> ALL (hidden)`, for the planner (ADR 082): it cannot see the list (a
 * sub-select) and estimates `<> ALL` as ten `<>`s, so with few authors (a small community, a
 * test) it expected the filter to drop nearly every row, and sorted a whole table instead of
 * walking a keyset index for a page. A test of an expression's nullness it takes as 99.5 % true.
 */
export const authorNotHidden = (table: Shareable, viewer: ViewerId | null): SQL =>
  sql`NULLIF(${table.userId} = ANY (${hiddenAuthorsOf(viewer)}), true) IS NOT NULL`;

/**
 * authorNotHidden for a statement that tests thousands of rows, such as the home's most liked
 * when it ranks its 30-day window with each row tested: `= ANY (array)` compares each row with
 * every hidden member (40 for the bench member: 0.8 ms over the 5,500 liked tips of the window),
 * while `IN (SELECT ...)` is hashed once per statement (0.35 ms). A walk that stops after a page
 * keeps authorNotHidden.
 */
export const authorNotHiddenAmongMany = (table: Shareable, viewer: ViewerId | null): SQL =>
  sql`NULLIF(${table.userId} IN (SELECT unnest(${hiddenAuthorsOf(viewer)})), true) IS NOT NULL`;

/**
 * The viewer and `member` are connected, by one probe of connections_pair_unique: cheaper than
 * listing the viewer's connections when only a few rows ask (ADR 098). OFFSET 0 keeps PostgreSQL
 * from turning the EXISTS into a hashed sub-plan, which reads every accepted connection.
 */
export const connectedTo = (viewer: ViewerId, member: SQLWrapper): SQL =>
  sql`EXISTS (SELECT 1 FROM connections pair
    WHERE least(pair.requester_id, pair.addressee_id) = least(${viewer}::uuid, ${member})
      AND greatest(pair.requester_id, pair.addressee_id) = greatest(${viewer}::uuid, ${member})
      AND pair.status = 'accepted' OFFSET 0)`;

/** Connections-only and not hidden, by one of the viewer's connections. */
export const sharedWithConnection = (table: Shareable, viewer: ViewerId): SQL =>
  sql`(${table.visibility} = 'connections' AND ${table.hiddenAt} IS NULL AND ${table.userId} = ANY (${connectionIdsOf(viewer)}))`;

/**
 * The whole rule for one item (a detail page, a guide's item, a reaction). Lists walk the public
 * half, the viewer's own and their connections' as separate branches instead (partial indexes).
 */
export const visibleTo = (table: Shareable, viewer: ViewerId): SQL =>
  sql`((${isPublic(table)} OR ${table.userId} = ${viewer}::uuid OR ${sharedWithConnection(table, viewer)}) AND ${authorNotHidden(table, viewer)})`;

/**
 * The visibility epoch (ADR 097, migration 0023) as one text value: read in the same statement as
 * what a server keeps, it says which commits the kept lists have seen.
 */
export const visibilityEpoch: SQL = sql`(SELECT changes::text FROM visibility_epoch)`;

/**
 * When the soonest active suspension ends: that changes every viewer's hidden authors without a
 * commit, so nothing kept from this statement may outlive it (null: no suspension will end).
 */
export const nextSuspensionEnd: SQL = sql`(SELECT min(ending.until) FROM member_suspensions ending WHERE ending.until > now())`;

/** nextSuspensionEnd as read from a row, in ms since 1970; Infinity when no suspension will end. */
export const suspensionEndMillis = (value: Date | string | null): number =>
  value === null ? Infinity : new Date(value).getTime();
