/**
 * The home screen's reads (ADR 055, 082): the newest public and connections-only tips and guides
 * of the viewer's accepted connections, the most liked public ones of a recent window, and the
 * first-run checklist; never an item of a member blocked either way or suspended.
 * Each list page is one statement: its keys (limit + 1) joined to their cards, as Explore's.
 */
import { type Placeholder, type SQL, eq, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { preparedPerShape } from '@db/prepared';
import { executeRows } from '@db/rows';
import { connections, guides, likes, profiles, savedItems, tipTypes, tips } from '@db/schema';
import { ListedViewer, authorNotHiddenAmongMany, hiddenAuthorsOf, isPrivate, isPublic, viewerListsCte } from '@db/visibility';
import { type Cursor, beforeKey, limitLiteral } from '@server/lib/keyset';
import { PROBED_CONNECTIONS } from '../content/content-keys.repository';
import { authorColumns, guideOwnColumns, tipOwnColumns } from '../content/content.repository';

/** Where a popular page starts: after (likes, created_at, id), in the window since `since`. */
export interface PopularCursor {
  likes: number;
  createdAt: string;
  id: string;
  since: string;
}

/** A value bound now, or a prepared query's placeholder filled when it runs (db/prepared.ts). */
type Bound = string | Placeholder;

const p = {
  viewerId: sql.placeholder('viewerId'),
  since: sql.placeholder('since'),
  cursorLikes: sql.placeholder('cursorLikes'),
  cursorTs: sql.placeholder('cursorTs'),
  cursorId: sql.placeholder('cursorId'),
};

/** The viewer's accepted connections, whichever side asked (two index lookups). */
function friendsOf(viewerId: Bound): SQL {
  const c = connections;
  return sql`SELECT ${c.addresseeId} AS id FROM ${c} WHERE ${c.requesterId} = ${viewerId} AND ${c.status} = 'accepted'
    UNION
    SELECT ${c.requesterId} FROM ${c} WHERE ${c.addresseeId} = ${viewerId} AND ${c.status} = 'accepted'`;
}

/** The page's items of one table and half: public, or connections-only and not hidden (ADR 082). */
function feedHalf(kind: 'tip' | 'guide', half: 'public' | 'shared') {
  const table = kind === 'tip' ? tips : guides;
  const which =
    half === 'public'
      ? isPublic(table)
      : sql`${isPrivate(table)} AND ${table.visibility} = 'connections' AND ${table.hiddenAt} IS NULL`;
  return { table, which };
}

/**
 * One branch of the feed for a member with few connections: per connection, their newest public
 * (or connections-only, not hidden) items after the cursor, walked in order on (user_id,
 * created_at, id) WHERE is_private = false (= true) and stopped after `rows`; so a page reads at
 * most connections x rows index entries, however much each connection wrote.
 */
function probedBranch(kind: 'tip' | 'guide', half: 'public' | 'shared', hasCursor: boolean, rows: number): SQL {
  const { table, which } = feedHalf(kind, half);
  const after = hasCursor ? sql` AND ${beforeKey(table.createdAt, table.id, p.cursorTs, p.cursorId)}` : sql``;
  return sql`SELECT ${sql.raw(`'${kind}'`)} AS kind, item.id, item.created_at, 0 AS likes FROM friends CROSS JOIN LATERAL (
      SELECT ${table.id} AS id, ${table.createdAt} AS created_at FROM ${table}
      WHERE ${table.userId} = friends.id AND ${which}${after}
      ORDER BY ${table.createdAt} DESC, ${table.id} DESC LIMIT ${limitLiteral(rows)}) AS item
    WHERE (SELECT n FROM friend_count) <= ${sql.raw(String(PROBED_CONNECTIONS))}`;
}

/**
 * The same branch for a member with many connections (Explore's choice, ADR 082): probing each
 * costs connections x 4 index descents (5 ms of PostgreSQL for the bench member's 443), while
 * walking everyone's newest items (tips_public_created_idx, *_shared_created_idx) and keeping the
 * connections' ones fills a page after a few hundred rows. The test is one of nullness
 * (db/visibility.ts, authorNotHidden says why) so the planner walks the ordered index, and an IN
 * over the CTE, which PostgreSQL hashes once (`= ANY (array)` compared each row with every
 * connection: 2.3 ms against 0.7 for the 527 rows the bench member's page walks).
 */
function walkedBranch(kind: 'tip' | 'guide', half: 'public' | 'shared', hasCursor: boolean, rows: number): SQL {
  const { table, which } = feedHalf(kind, half);
  const after = hasCursor ? sql` AND ${beforeKey(table.createdAt, table.id, p.cursorTs, p.cursorId)}` : sql``;
  return sql`(SELECT ${sql.raw(`'${kind}'`)} AS kind, ${table.id} AS id, ${table.createdAt} AS created_at, 0 AS likes FROM ${table}
      WHERE ${which}${after} AND NULLIF(${table.userId} IN (SELECT id FROM friends), false) IS NOT NULL
        AND (SELECT n FROM friend_count) > ${sql.raw(String(PROBED_CONNECTIONS))}
      ORDER BY ${table.createdAt} DESC, ${table.id} DESC LIMIT ${limitLiteral(rows)})`;
}

/**
 * The feed's authors: the viewer's connections, less any blocked either way or suspended. Each
 * table and half is probed per connection or walked, chosen in the statement by how many
 * connections there are (each branch's WHERE holds a one-time filter, so only one way runs).
 */
function feedKeysSql(hasCursor: boolean, rows: number): SQL {
  const branches = (['tip', 'guide'] as const).flatMap((kind) =>
    (['public', 'shared'] as const).flatMap((half) => [
      probedBranch(kind, half, hasCursor, rows),
      walkedBranch(kind, half, hasCursor, rows),
    ]),
  );
  return sql`WITH friends AS MATERIALIZED (
      SELECT id FROM (${friendsOf(p.viewerId)}) AS connected WHERE id <> ALL (${hiddenAuthorsOf(p.viewerId)})),
    -- Counted once for the eight branches' one-time filters.
    friend_count AS MATERIALIZED (SELECT count(*) AS n FROM friends)
    SELECT kind, id, created_at, likes FROM (${sql.join(branches, sql` UNION ALL `)}) AS keys
    ORDER BY created_at DESC, id DESC LIMIT ${limitLiteral(rows)}`;
}

/** The window of the ranking: public items with a like, created since its start, after the cursor. */
function inRankingWindow(table: typeof tips | typeof guides, hasCursor: boolean): SQL {
  const after = hasCursor
    ? sql` AND (${table.likesCount}, ${table.createdAt}, ${table.id}) < ((SELECT ${p.cursorLikes}::int), (SELECT ${p.cursorTs}::timestamptz), (SELECT ${p.cursorId}::uuid))`
    : sql``;
  return sql`${isPublic(table)} AND ${table.createdAt} >= (SELECT ${p.since}::timestamptz) AND ${table.likesCount} > 0${after}`;
}

const byRank = (table: typeof tips | typeof guides): SQL =>
  sql`${table.likesCount} DESC, ${table.createdAt} DESC, ${table.id} DESC`;

/**
 * One branch of the ranking: public items created since the window's start with at least one
 * like, ordered (likes_count, created_at, id) DESC. The window is read through the public items'
 * (created_at, id) index and sorted (top-N); ADR 055 says why likes_count is in no index.
 *
 * The hidden authors are left out after ranking, not before: the window's top 2 x rows first,
 * then those of authors the viewer may see. Testing each of the window's rows took most of the
 * statement's time (5,500 liked tips for the bench member, 40 hidden authors: 0.8 ms with
 * `= ANY`, 0.35 ms hashed). The ranking without them is the ranking with them, less their rows,
 * so if the top 2 x rows hold `rows` rows the viewer may see (or the whole window), those are
 * the page. Otherwise (a viewer who hid the window's most liked authors) the page is ranked
 * again with each row tested, through a one-time filter that leaves it unread otherwise.
 *
 * The window's start and the cursor are read through sub-selects, hidden from the planner:
 * seeing the start, each custom plan counted the window's rows, came out cheaper than the generic
 * plan (which assumes a third of the liked items) and the statement was planned on every call.
 */
function popularBranch(kind: 'tip' | 'guide', viewer: ListedViewer, hasCursor: boolean, rows: number): SQL {
  const table = kind === 'tip' ? tips : guides;
  const where = inRankingWindow(table, hasCursor);
  const [ranked, shown, enough] = ['ranked', 'shown', 'enough'].map((name) => sql.raw(`${name}_${kind}s`));
  const page = limitLiteral(rows);
  const wide = limitLiteral(rows * 2);
  return sql`(WITH ${ranked} AS MATERIALIZED (
        SELECT ${table.id} AS id, ${table.createdAt} AS created_at, ${table.likesCount} AS likes, ${table.userId} AS user_id
        FROM ${table} WHERE ${where} ORDER BY ${byRank(table)} LIMIT ${wide}),
      ${shown} AS MATERIALIZED (
        SELECT id, created_at, likes FROM ${ranked} WHERE NULLIF(user_id = ANY (${hiddenAuthorsOf(viewer)}), true) IS NOT NULL),
      ${enough} AS MATERIALIZED (
        SELECT (SELECT count(*) FROM ${shown}) >= ${page} OR (SELECT count(*) FROM ${ranked}) < ${wide} AS yes)
    SELECT ${sql.raw(`'${kind}'`)} AS kind, id, created_at, likes FROM (
      SELECT id, created_at, likes FROM ${shown} WHERE (SELECT yes FROM ${enough})
      UNION ALL
      SELECT id, created_at, likes FROM (
        SELECT ${table.id} AS id, ${table.createdAt} AS created_at, ${table.likesCount} AS likes FROM ${table}
        WHERE ${where} AND ${authorNotHiddenAmongMany(table, viewer)} ORDER BY ${byRank(table)} LIMIT ${page}) AS every_row_tested
      WHERE NOT (SELECT yes FROM ${enough})) AS of_kind
    ORDER BY likes DESC, created_at DESC, id DESC LIMIT ${page})`;
}

function popularKeysSql(hasCursor: boolean, rows: number): SQL {
  // The viewer's id through a sub-select too, and their hidden authors computed once (ListedViewer).
  const viewer = new ListedViewer(sql`(SELECT ${p.viewerId}::uuid)`);
  return sql`WITH ${viewerListsCte(viewer)}
    SELECT kind, id, created_at, likes FROM (
      ${popularBranch('tip', viewer, hasCursor, rows)}
      UNION ALL
      ${popularBranch('guide', viewer, hasCursor, rows)}) AS keys
    ORDER BY likes DESC, created_at DESC, id DESC LIMIT ${limitLiteral(rows)}`;
}

type List = 'feed' | 'popular';

const pageColumns = {
  kind: sql<'tip' | 'guide'>`page.kind`,
  id: sql<string>`page.id`,
  cursorTs: sql<string>`page.created_at::text`,
  likes: sql<number>`page.likes`,
  userId: sql<string>`COALESCE(${tips.userId}, ${guides.userId})`,
  ...authorColumns,
  tipTypeName: tipTypes.name,
  tip: tipOwnColumns,
  guide: guideOwnColumns,
};

/**
 * A page's keys joined to their tips, guides, authors and tip types: one statement, built once
 * per shape (list, cursor or not, page size) with placeholders for the values.
 */
const pages = preparedPerShape((db, key: string) => {
  const [list, after, rows] = key.split(':') as [List, 'after' | 'first', string];
  const keys = list === 'feed' ? feedKeysSql(after === 'after', Number(rows)) : popularKeysSql(after === 'after', Number(rows));
  const order =
    list === 'feed' ? sql`page.created_at DESC, page.id DESC` : sql`page.likes DESC, page.created_at DESC, page.id DESC`;
  return db
    .select(pageColumns)
    .from(sql`(${keys}) AS page`)
    .leftJoin(tips, sql`page.kind = 'tip' AND ${tips.id} = page.id`)
    .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
    .leftJoin(guides, sql`page.kind = 'guide' AND ${guides.id} = page.id`)
    .leftJoin(profiles, sql`${profiles.userId} = COALESCE(${tips.userId}, ${guides.userId})`)
    .orderBy(order)
    .prepare(`home_${list}_${after}_${rows}`);
});

export type PageRow = Awaited<ReturnType<ReturnType<typeof pages>['execute']>>[number];

/** A page of the feed (limit + 1 rows), newest first: the connections' tips and guides shared with members or with connections. */
export function feedPage(db: Executor, viewerId: string, cursor: Cursor | null, limit: number): Promise<PageRow[]> {
  return pages(db, `feed:${cursor ? 'after' : 'first'}:${limit + 1}`).execute({
    viewerId,
    cursorTs: cursor?.createdAt,
    cursorId: cursor?.id,
  });
}

/**
 * A page of the most liked (limit + 1 rows) in the window since `since`; ties newest first.
 * Public items only (a ranking of the whole community), less authors hidden from the viewer.
 */
export function popularPage(
  db: Executor,
  viewerId: string,
  since: string,
  cursor: PopularCursor | null,
  limit: number,
): Promise<PageRow[]> {
  return pages(db, `popular:${cursor ? 'after' : 'first'}:${limit + 1}`).execute({
    viewerId,
    since,
    cursorLikes: cursor?.likes,
    cursorTs: cursor?.createdAt,
    cursorId: cursor?.id,
  });
}

export interface ChecklistRow {
  has_photo: boolean;
  has_country: boolean;
  has_tip: boolean;
  has_connection: boolean;
  has_activity: boolean;
}

/**
 * The four first steps in one statement, each an index lookup, and whether the member has done
 * anything yet (issue 36: a member with nothing is welcomed, not welcomed back; ADR 103): a tip,
 * a guide, a like, a save, or a connection of any state, asked or received.
 */
export async function checklist(db: Executor, viewerId: string): Promise<ChecklistRow | undefined> {
  const pr = profiles;
  const [row] = await executeRows<ChecklistRow>(
    db,
    sql`SELECT ${pr.profilePictureUrl} IS NOT NULL AS has_photo,
        coalesce(${pr.country}, '') <> '' AS has_country,
        EXISTS (SELECT 1 FROM ${tips} WHERE ${tips.userId} = ${viewerId}) AS has_tip,
        EXISTS (SELECT 1 FROM (${friendsOf(viewerId)}) AS friends) AS has_connection,
        (EXISTS (SELECT 1 FROM ${tips} WHERE ${tips.userId} = ${viewerId})
          OR EXISTS (SELECT 1 FROM ${guides} WHERE ${guides.userId} = ${viewerId})
          OR EXISTS (SELECT 1 FROM ${likes} WHERE ${likes.userId} = ${viewerId})
          OR EXISTS (SELECT 1 FROM ${savedItems} WHERE ${savedItems.userId} = ${viewerId})
          OR EXISTS (SELECT 1 FROM ${connections} WHERE ${connections.requesterId} = ${viewerId})
          OR EXISTS (SELECT 1 FROM ${connections} WHERE ${connections.addresseeId} = ${viewerId})) AS has_activity
      FROM ${pr} WHERE ${pr.userId} = ${viewerId}`,
  );
  return row;
}
