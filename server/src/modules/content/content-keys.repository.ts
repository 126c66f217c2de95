/**
 * The keys of one page of a content list, newest first. Lists are keyset pages over
 * (created_at DESC, id DESC), never OFFSET. A mixed list is one UNION ALL of tip and guide keys,
 * each branch already ordered and limited so each uses its own index; content-page.repository.ts
 * reads their cards. The text depends only on the call's shape, so it is built once per shape
 * with placeholders for the values.
 */
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { ContentTab } from '@common/schemas/content';
import { guideCountries, guides, searchMonthsOf, tips } from '@db/schema';
import { ListedViewer, connectionIdsOf, viewerListsCte } from '@db/visibility';
import { type Cursor, beforeKey, limitLiteral, newestFirst } from '@server/lib/keyset';
import {
  type Bound,
  type BoundFilter,
  type ContentFilter,
  type Scope,
  type ViewerBound,
  bound,
  conditionsOf,
} from './content-filter';
import type { SearchPlan } from './search-plan';

/** Where a page starts and how many keys it reads (the page's size + 1). */
interface KeyPage {
  after?: { createdAt: Bound; id: Bound };
  rows: number;
}

/** Whether this table's search gathers its matches (search-plan.ts) rather than walking. */
const isGathered = (kind: 'tip' | 'guide', f: BoundFilter) =>
  f.search !== undefined && (f.searchPlans?.[kind] === 'gather' || f.searchPlans?.[kind] === 'recent');

function keyBranch(kind: 'tip' | 'guide', f: BoundFilter, page: KeyPage): SQL {
  const window = f.searchPlans?.[kind] === 'recent' ? f.searchWindows?.[kind] : undefined;
  if (f.search !== undefined && window) return recentMatches(kind, f, window, page);
  if (isGathered(kind, f)) return gatheredMatches(kind, f, page);
  if (kind === 'guide' && f.scope.kind === 'public' && f.country !== undefined) return publicGuidesOfCountry(f, f.country, page);
  if (f.scope.kind === 'connectionsShared') return connectionsShared(kind, f, listedViewer(f.scope.viewerId), page);
  const table = kind === 'tip' ? tips : guides;
  const where = and(
    conditionsOf(kind, f),
    page.after ? beforeKey(table.createdAt, table.id, page.after.createdAt, page.after.id) : undefined,
  );
  return sql`(SELECT ${sql.raw(`'${kind}'`)} AS kind, ${table.id} AS id, ${table.createdAt} AS created_at, ${table.createdAt}::text AS cursor_ts
    FROM ${table} WHERE ${where}
    ORDER BY ${newestFirst(table.createdAt)}, ${newestFirst(table.id)} LIMIT ${limitLiteral(page.rows)})`;
}

/**
 * A rare word's matches (search-plan.ts): every visible match, found through the GIN index, then
 * sorted. OFFSET 0 keeps the LIMIT out of the inner query, so PostgreSQL cannot choose to walk the
 * date index for it instead; public and own items are one branch, one index scan.
 */
function gatheredMatches(kind: 'tip' | 'guide', f: BoundFilter, page: KeyPage): SQL {
  const table = kind === 'tip' ? tips : guides;
  const where = and(
    conditionsOf(kind, f),
    page.after ? beforeKey(table.createdAt, table.id, page.after.createdAt, page.after.id) : undefined,
  );
  return sql`(SELECT ${sql.raw(`'${kind}'`)} AS kind, id, created_at, cursor_ts FROM
    (SELECT ${table.id} AS id, ${table.createdAt} AS created_at, ${table.createdAt}::text AS cursor_ts FROM ${table} WHERE ${where} OFFSET 0) AS matches
    ORDER BY created_at DESC, id DESC LIMIT ${limitLiteral(page.rows)})`;
}

/**
 * A rare word's newest matches, found a few months at a time (search-plan.ts `recent`): first
 * those of the window's months, through the index of words tagged with their month (migration
 * 0012); the matches before the window are gathered only if it held fewer than the page needs.
 * The CTE is read once; the count gates the older gathering as a one-time filter, so it never
 * runs when the window was enough.
 */
function recentMatches(kind: 'tip' | 'guide', f: BoundFilter, window: { query: Bound; since: Bound }, page: KeyPage): SQL {
  const table = kind === 'tip' ? tips : guides;
  const recent = sql.raw(`recent_${kind}s`);
  const after = page.after ? beforeKey(table.createdAt, table.id, page.after.createdAt, page.after.id) : undefined;
  const inWindow = and(
    conditionsOf(kind, { ...f, search: undefined }),
    sql`${searchMonthsOf(table)} @@ (SELECT ${window.query}::tsquery)`,
    after,
  );
  const older = and(conditionsOf(kind, f), sql`${table.createdAt} < ${window.since}::timestamptz`, after);
  const rows = limitLiteral(page.rows);
  return sql`(WITH ${recent} AS MATERIALIZED (
      SELECT ${table.id} AS id, ${table.createdAt} AS created_at FROM ${table} WHERE ${inWindow}
      ORDER BY ${newestFirst(table.createdAt)}, ${newestFirst(table.id)} LIMIT ${rows})
    SELECT ${sql.raw(`'${kind}'`)} AS kind, id, created_at, created_at::text AS cursor_ts FROM
      (SELECT id, created_at FROM ${recent}
       UNION ALL
       SELECT id, created_at FROM (SELECT ${table.id} AS id, ${table.createdAt} AS created_at FROM ${table} WHERE ${older} OFFSET 0) AS older
       WHERE (SELECT count(*) FROM ${recent}) < ${rows}) AS matches
    ORDER BY created_at DESC, id DESC LIMIT ${rows})`;
}

/** Up to this many connections, the connections branch probes each one; beyond, it walks (ADR 082). */
export const PROBED_CONNECTIONS = 40;

/**
 * The viewer's connections' connections-only items (ADR 082), one of two ways chosen in the
 * statement by the number of connections (each way's WHERE holds a one-time filter, so only one
 * runs): for a few, per connection a walk of their not-public items on (user_id, created_at, id)
 * WHERE is_private = true, stopped after `rows`, then merged (the home feed's shape, ADR 055);
 * for many, a walk of every member's newest connections-only items on
 * *_shared_created_idx keeping the connections' ones, which then fill a page quickly. The
 * connections are read from the statement's viewer_lists (a sub-select): with the viewer's id in
 * sight a custom plan evaluated them and expected one row, the generic plan ten; the generic one
 * then looked dearer and the statement was planned again on every call.
 */
function connectionsShared(kind: 'tip' | 'guide', f: BoundFilter, viewer: ListedViewer, page: KeyPage): SQL {
  const table = kind === 'tip' ? tips : guides;
  const after = page.after ? beforeKey(table.createdAt, table.id, page.after.createdAt, page.after.id) : undefined;
  const rows = limitLiteral(page.rows);
  const ids = connectionIdsOf(viewer);
  const count = sql`cardinality(${ids})`;
  const probed = and(sql`${table.userId} = friend.id`, conditionsOf(kind, f), after);
  // As a test of nullness (db/visibility.ts, authorNotHidden says why): taken as nearly always
  // true, so the planner walks the ordered index and stops after a page, rather than gathering
  // every not-public item of the connections through an index condition of hundreds of ids.
  const isConnection = sql`NULLIF(${table.userId} = ANY (${ids}), false) IS NOT NULL`;
  const walked = and(isConnection, conditionsOf(kind, f), after);
  const probes = sql.raw(String(PROBED_CONNECTIONS));
  return sql`(SELECT ${sql.raw(`'${kind}'`)} AS kind, id, created_at, created_at::text AS cursor_ts FROM (
      (SELECT item.id, item.created_at FROM unnest(${ids}) AS friend(id) CROSS JOIN LATERAL (
        SELECT ${table.id} AS id, ${table.createdAt} AS created_at FROM ${table} WHERE ${probed}
        ORDER BY ${newestFirst(table.createdAt)}, ${newestFirst(table.id)} LIMIT ${rows}) AS item
      WHERE ${count} <= ${probes})
      UNION ALL
      (SELECT ${table.id} AS id, ${table.createdAt} AS created_at FROM ${table}
      WHERE ${walked} AND ${count} > ${probes}
      ORDER BY ${newestFirst(table.createdAt)}, ${newestFirst(table.id)} LIMIT ${rows})) AS shared
    ORDER BY created_at DESC, id DESC LIMIT ${rows})`;
}

/**
 * The public guides of one country walk guide_countries' (country, created_at, id) index, so a
 * popular country's page reads its first rows instead of sorting them all, with one plan for
 * every country (guides.countries is an array: its GIN index can only say which guides match).
 */
function publicGuidesOfCountry(f: BoundFilter, country: Bound, page: KeyPage): SQL {
  const gc = guideCountries;
  const where = and(
    eq(gc.country, country),
    conditionsOf('guide', { ...f, country: undefined }),
    page.after ? beforeKey(gc.guideCreatedAt, gc.guideId, page.after.createdAt, page.after.id) : undefined,
  );
  return sql`(SELECT 'guide' AS kind, ${guides.id} AS id, ${guides.createdAt} AS created_at, ${guides.createdAt}::text AS cursor_ts
    FROM ${gc} JOIN ${guides} ON ${guides.id} = ${gc.guideId} WHERE ${where}
    ORDER BY ${newestFirst(gc.guideCreatedAt)}, ${newestFirst(gc.guideId)} LIMIT ${limitLiteral(page.rows)})`;
}

/**
 * The filters whose branches together give the page. What the viewer may see is split into its
 * three disjoint halves so each can walk an index already in (created_at, id) order and stop
 * after limit + 1 rows, instead of sorting every visible row: the public half
 * (tips_public_created_idx), the viewer's own others (tips_private_user_created_idx) and their
 * connections' connections-only items (the same index, per connection), and the guides' twins.
 */
function keyBranches(kinds: ('tip' | 'guide')[], f: BoundFilter, page: KeyPage): SQL[] {
  const halves = (kind: 'tip' | 'guide'): BoundFilter[] =>
    f.scope.kind === 'visible' && !isGathered(kind, f)
      ? [
          { ...f, scope: { kind: 'public', viewerId: f.scope.viewerId } },
          { ...f, scope: { kind: 'ownPrivate', userId: f.scope.viewerId } },
          { ...f, scope: { kind: 'connectionsShared', viewerId: f.scope.viewerId } },
        ]
      : [f];
  return kinds.flatMap((kind) => halves(kind).map((filter) => keyBranch(kind, filter, page)));
}

const listedViewer = (viewerId: ViewerBound): ListedViewer =>
  viewerId instanceof ListedViewer ? viewerId : new ListedViewer(viewerId);

/**
 * A filter whose viewer's member lists the statement computes once (db/visibility.ts,
 * ListedViewer): what the viewer may see refers to them in every branch.
 */
function withListedViewer(f: BoundFilter): { filter: BoundFilter; viewer: ListedViewer | null } {
  const scope = f.scope;
  if (scope.kind !== 'visible' && scope.kind !== 'connectionsShared') return { filter: f, viewer: null };
  const viewer = listedViewer(scope.viewerId);
  return { filter: { ...f, scope: { ...scope, viewerId: viewer } }, viewer };
}

function keysSql(type: ContentTab, f: BoundFilter, page: KeyPage): SQL {
  const kinds: ('tip' | 'guide')[] = type === 'tips' ? ['tip'] : type === 'guides' ? ['guide'] : ['tip', 'guide'];
  const { filter, viewer } = withListedViewer(f);
  const branches = keyBranches(kinds, filter, page);
  const lists = viewer ? sql`WITH ${viewerListsCte(viewer)} ` : sql``;
  if (branches.length === 1 && branches[0]) return sql`${lists}${branches[0]}`;
  return sql`${lists}${sql.join(branches, sql` UNION ALL `)} ORDER BY created_at DESC, id DESC LIMIT ${limitLiteral(page.rows)}`;
}

/**
 * The SQL of one page's keys with its values bound: what the prepared queries of
 * content-page.repository.ts run inside their `(...) AS page`. The search-plan test EXPLAINs it.
 */
export function contentKeysQuery(type: ContentTab, f: ContentFilter, cursor: Cursor | null, limit: number): SQL {
  return keysSql(type, bound(f), { after: cursor ?? undefined, rows: limit + 1 });
}

/** Everything that changes the keys query's text; the values are filled in when it runs. */
export interface KeysShape {
  type: ContentTab;
  scope: ContentFilter['scope']['kind'];
  search: boolean;
  /** The search's plan per table, when one was chosen (search-plan.ts). */
  tipPlan?: SearchPlan;
  guidePlan?: SearchPlan;
  country: boolean;
  after: boolean;
  /** The page's size + 1 (a limit is 1-50, so at most 50 texts per shape). */
  rows: number;
}

const keysPlaceholders = {
  userId: sql.placeholder('userId'),
  viewerId: sql.placeholder('viewerId'),
  search: sql.placeholder('search'),
  country: sql.placeholder('country'),
  cursorTs: sql.placeholder('cursorTs'),
  cursorId: sql.placeholder('cursorId'),
  tipWindow: sql.placeholder('tipWindow'),
  tipSince: sql.placeholder('tipSince'),
  guideWindow: sql.placeholder('guideWindow'),
  guideSince: sql.placeholder('guideSince'),
};

function placeholderScope(shape: KeysShape): Scope<Bound> {
  const { userId: id, viewerId } = keysPlaceholders;
  if (shape.scope === 'visible') return { kind: 'visible', viewerId: id };
  if (shape.scope === 'user') return { kind: 'user', userId: id, viewerId };
  if (shape.scope === 'ownPrivate') return { kind: 'ownPrivate', userId: id };
  if (shape.scope === 'connectionsShared') return { kind: 'connectionsShared', viewerId: id };
  return { kind: 'public', viewerId: id };
}

/** The keys query's text for a shape, with placeholders where listed values go (keysValues). */
export function keysSqlOfShape(shape: KeysShape): SQL {
  const p = keysPlaceholders;
  const filter: BoundFilter = {
    scope: placeholderScope(shape),
    search: shape.search ? p.search : undefined,
    searchPlans: shape.tipPlan && shape.guidePlan ? { tip: shape.tipPlan, guide: shape.guidePlan } : undefined,
    searchWindows: {
      tip: shape.tipPlan === 'recent' ? { query: p.tipWindow, since: p.tipSince } : undefined,
      guide: shape.guidePlan === 'recent' ? { query: p.guideWindow, since: p.guideSince } : undefined,
    },
    country: shape.country ? p.country : undefined,
  };
  return keysSql(shape.type, filter, {
    after: shape.after ? { createdAt: p.cursorTs, id: p.cursorId } : undefined,
    rows: shape.rows,
  });
}

export function keysShapeOf(type: ContentTab, f: ContentFilter, cursor: Cursor | null, limit: number): KeysShape {
  return {
    type,
    scope: f.scope.kind,
    search: Boolean(f.search),
    tipPlan: f.search ? f.searchPlans?.tip : undefined,
    guidePlan: f.search ? f.searchPlans?.guide : undefined,
    country: Boolean(f.country),
    after: cursor !== null,
    rows: limit + 1,
  };
}

/** The values of keysSqlOfShape's placeholders for one call. */
export function keysValues(f: ContentFilter, cursor: Cursor | null) {
  const scope = f.scope;
  return {
    userId: scope.kind === 'user' || scope.kind === 'ownPrivate' ? scope.userId : scope.viewerId,
    viewerId: scope.kind === 'user' ? scope.viewerId : undefined,
    search: f.search,
    country: f.country,
    cursorTs: cursor?.createdAt,
    cursorId: cursor?.id,
    tipWindow: f.searchWindows?.tip?.query,
    tipSince: f.searchWindows?.tip?.since,
    guideWindow: f.searchWindows?.guide?.query,
    guideSince: f.searchWindows?.guide?.since,
  };
}
