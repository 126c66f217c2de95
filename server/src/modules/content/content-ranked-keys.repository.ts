/**
 * The keys of one page of Explore in most liked or best rated order (issue 36, ADR 105): keyset
 * pages over (rank DESC, created_at DESC, id DESC), never OFFSET. Built as keysSql builds the
 * newest-first page (ADR 096, 098): the viewer's lists once per statement; the public halves
 * lead and set the page's floor (the lowest rank of a full public page); the viewer's own and
 * their connections' connections-only items are read only down to it. Each half walks an index
 * already in the sort's order (tips_public_liked_idx, tips_shared_rated_idx... migration 0030).
 */
import { type SQL, and, sql } from 'drizzle-orm';
import type { ContentTab, ExploreSort } from '@common/schemas/content';
import { guides, tips } from '@db/schema';
import { ListedViewer, connectionIdsOf, viewerListsCte } from '@db/visibility';
import { limitLiteral } from '@server/lib/keyset';
import { type Bound, type BoundFilter, type ContentFilter, conditionsOf } from './content-filter';
import { kindsOf } from './content-keys.repository';

export type RankedSort = Exclude<ExploreSort, 'newest'>;
type Kind = 'tip' | 'guide';

/** The sort key: likes, or a tip's rating (a guide has none: 0, after every rated tip). */
function rankOf(kind: Kind, sort: RankedSort): SQL {
  if (sort === 'liked') return kind === 'tip' ? sql`${tips.likesCount}` : sql`${guides.likesCount}`;
  // A cast, not a bare 0: ORDER BY 0 would name a column by its position.
  return kind === 'tip' ? sql`COALESCE(${tips.rating}, 0)` : sql`0::int`;
}

interface RankedPage {
  after?: { rank: Bound; createdAt: Bound; id: Bound };
  rows: number;
  floor?: SQL;
}

/**
 * After the cursor in (rank, created_at, id) order, as one row comparison the index takes as its
 * condition. A guide's rating rank is always 0, so a cursor still among the rated tips (rank > 0)
 * lets every guide through; the comparison is then on (created_at, id) alone, which
 * guides_public_created_idx takes.
 */
function afterCursor(kind: Kind, sort: RankedSort, page: RankedPage): SQL | undefined {
  const after = page.after;
  if (!after) return undefined;
  const table = kind === 'tip' ? tips : guides;
  // The cursor is read through sub-selects (ADR 099): seen, its values made every custom plan of
  // a deep page look cheaper, and PostgreSQL planned best rated's deep page again on every call
  // (0 generic plans in 12; ~1 ms of PostgreSQL CPU a page on the bench set).
  const rank = sql`(SELECT ${after.rank}::int)`;
  const createdAt = sql`(SELECT ${after.createdAt}::timestamptz)`;
  const id = sql`(SELECT ${after.id}::uuid)`;
  if (kind === 'guide' && sort === 'rated') {
    return sql`(${table.createdAt}, ${table.id}) < (CASE WHEN ${rank} > 0 THEN 'infinity'::timestamptz ELSE ${createdAt} END, ${id})`;
  }
  return sql`(${rankOf(kind, sort)}, ${table.createdAt}, ${table.id}) < (${rank}, ${createdAt}, ${id})`;
}

const order = (kind: Kind, sort: RankedSort) => {
  const table = kind === 'tip' ? tips : guides;
  return sql`${rankOf(kind, sort)} DESC, ${table.createdAt} DESC, ${table.id} DESC`;
};

function branch(kind: Kind, sort: RankedSort, where: SQL | undefined, page: RankedPage): SQL {
  const table = kind === 'tip' ? tips : guides;
  return sql`(SELECT ${sql.raw(`'${kind}'`)} AS kind, ${table.id} AS id, ${rankOf(kind, sort)} AS rank, ${table.createdAt} AS created_at,
      ${table.createdAt}::text AS cursor_ts
    FROM ${table} WHERE ${where ?? sql`true`}
    ORDER BY ${order(kind, sort)} LIMIT ${limitLiteral(page.rows)})`;
}

const atOrAboveFloor = (kind: Kind, sort: RankedSort, page: RankedPage) =>
  page.floor ? sql`${rankOf(kind, sort)} >= ${page.floor}` : undefined;

/**
 * The branches of one table: public (leading), the viewer's own not-public items, and their
 * connections' connections-only ones. The last keeps the connections' rows from a walk of the
 * shared index through a hashed list (`IN`), as the home feed's walk does (ADR 096).
 */
function tableBranches(
  kind: Kind,
  sort: RankedSort,
  f: BoundFilter,
  viewer: ListedViewer,
  page: RankedPage,
  bounded: RankedPage,
) {
  const table = kind === 'tip' ? tips : guides;
  const publicWhere = and(
    conditionsOf(kind, { ...f, scope: { kind: 'public', viewerId: viewer } }),
    afterCursor(kind, sort, page),
  );
  const ownWhere = and(
    conditionsOf(kind, { ...f, scope: { kind: 'ownPrivate', userId: viewer } }),
    afterCursor(kind, sort, bounded),
    atOrAboveFloor(kind, sort, bounded),
  );
  const sharedWhere = and(
    conditionsOf(kind, { ...f, scope: { kind: 'connectionsShared', viewerId: viewer } }),
    sql`NULLIF(${table.userId} IN (SELECT unnest(${connectionIdsOf(viewer)})), false) IS NOT NULL`,
    afterCursor(kind, sort, bounded),
    atOrAboveFloor(kind, sort, bounded),
  );
  return {
    leading: branch(kind, sort, publicWhere, page),
    bounded: [branch(kind, sort, ownWhere, bounded), branch(kind, sort, sharedWhere, bounded)],
  };
}

/** The page's floor as the bounded branches read it (-1: no full public page, no floor). */
const PAGE_FLOOR = sql`(SELECT rank FROM page_floor)`;

/** The keys (kind, id, rank, created_at, cursor_ts) of one ranked page of what the viewer may see. */
function rankedKeysSql(type: ContentTab, sort: RankedSort, f: BoundFilter, viewerId: Bound, page: RankedPage): SQL {
  // Read through a sub-select, as Explore's keys read it (ADR 098): one generic plan for all.
  const viewer = new ListedViewer(sql`(SELECT ${viewerId}::uuid)`);
  const rows = limitLiteral(page.rows);
  const bounded = { ...page, floor: PAGE_FLOOR };
  const parts = kindsOf(type, f).map((kind) => tableBranches(kind, sort, f, viewer, page, bounded));
  const merged = (branches: SQL[]) =>
    sql`SELECT kind, id, rank, created_at, cursor_ts FROM (${sql.join(branches, sql` UNION ALL `)}) AS merged
      ORDER BY rank DESC, created_at DESC, id DESC LIMIT ${rows}`;
  return sql`WITH ${viewerListsCte(viewer)},
    leading_keys AS MATERIALIZED (${merged(parts.map((p) => p.leading))}),
    page_floor AS MATERIALIZED (SELECT COALESCE((SELECT min(rank) FROM leading_keys HAVING count(*) >= ${rows}), -1) AS rank)
    ${merged([sql`(SELECT kind, id, rank, created_at, cursor_ts FROM leading_keys)`, ...parts.flatMap((p) => p.bounded)])}`;
}

/** Everything that changes the ranked keys' text; the values are filled in when it runs. */
export interface RankedShape {
  type: ContentTab;
  sort: RankedSort;
  search: boolean;
  /** How each table's search runs: `walk` for a common word, else `gather` (search-plan.ts). */
  tipPlan?: 'walk' | 'gather';
  guidePlan?: 'walk' | 'gather';
  country: boolean;
  tipType: boolean;
  after: boolean;
  rows: number;
}

const p = {
  viewerId: sql.placeholder('viewerId'),
  search: sql.placeholder('search'),
  country: sql.placeholder('country'),
  tipType: sql.placeholder('tipType'),
  rank: sql.placeholder('cursorRank'),
  cursorTs: sql.placeholder('cursorTs'),
  cursorId: sql.placeholder('cursorId'),
};

/**
 * The ranked keys' text for a shape. A common word's search walks the order's index and keeps
 * the matches (`walk`: the match as a function, which no index serves); any other is `gather`ed
 * through the GIN index with its words read through a sub-select (content-filter.ts), so each
 * shape has one generic plan. Gathering every match of "view" and sorting them cost 28 ms of
 * PostgreSQL CPU a page on the full bench set.
 */
export function rankedKeysSqlOfShape(shape: RankedShape): SQL {
  const filter: BoundFilter = {
    scope: { kind: 'visible', viewerId: p.viewerId },
    search: shape.search ? p.search : undefined,
    searchPlans: shape.search ? { tip: shape.tipPlan ?? 'gather', guide: shape.guidePlan ?? 'gather' } : undefined,
    country: shape.country ? p.country : undefined,
    tipType: shape.tipType ? p.tipType : undefined,
  };
  const after = shape.after ? { rank: p.rank, createdAt: p.cursorTs, id: p.cursorId } : undefined;
  return rankedKeysSql(shape.type, shape.sort, filter, p.viewerId, { after, rows: shape.rows });
}

export interface RankCursorValue {
  rank: number;
  createdAt: string;
  id: string;
}

const walkOrGather = (plan: string | undefined): 'walk' | 'gather' => (plan === 'walk' ? 'walk' : 'gather');

export function rankedShapeOf(
  type: ContentTab,
  sort: RankedSort,
  f: ContentFilter,
  cursor: RankCursorValue | null,
  limit: number,
): RankedShape {
  return {
    type,
    sort,
    search: Boolean(f.search),
    ...(f.search ? { tipPlan: walkOrGather(f.searchPlans?.tip), guidePlan: walkOrGather(f.searchPlans?.guide) } : {}),
    country: Boolean(f.country),
    tipType: Boolean(f.tipType),
    after: cursor !== null,
    rows: limit + 1,
  };
}

export function rankedValues(f: ContentFilter, cursor: RankCursorValue | null) {
  if (f.scope.kind !== 'visible') throw new Error('ranked pages are Explore pages: what the viewer may see');
  return {
    viewerId: f.scope.viewerId,
    search: f.search,
    country: f.country,
    tipType: f.tipType,
    cursorRank: cursor?.rank,
    cursorTs: cursor?.createdAt,
    cursorId: cursor?.id,
  };
}
