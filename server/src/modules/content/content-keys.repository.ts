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
import { ListedViewer, connectedTo, connectionIdsOf, viewerListsCte } from '@db/visibility';
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
  /**
   * The page's floor (keysSql): no key of the page is older than it. The viewer's own and their
   * connections' branches read only from here up; -infinity when the public keys end first.
   */
  floor?: SQL;
}

/** Newer than the cursor, if any, and not older than the page's floor, if known. */
function inPage(table: typeof tips | typeof guides, page: KeyPage): SQL | undefined {
  return and(
    page.after ? beforeKey(table.createdAt, table.id, page.after.createdAt, page.after.id) : undefined,
    page.floor ? sql`${table.createdAt} >= ${page.floor}` : undefined,
  );
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
  const where = and(conditionsOf(kind, f), inPage(table, page));
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
 * statement (each way's WHERE holds a one-time filter, so only one runs): for a few connections
 * and no floor, per connection a walk of their not-public items on (user_id, created_at, id)
 * WHERE is_private = true, stopped after `rows`, then merged (the home feed's shape, ADR 055);
 * otherwise a walk of every member's newest connections-only items on *_shared_created_idx
 * keeping the connections' ones. Under a floor (ADR 098) that walk reads only the public page's
 * span of time and asks the pair index about the few rows it meets: the connections are not
 * listed. Otherwise they are read from the statement's viewer_connections (a sub-select): with
 * the viewer's id in sight a custom plan evaluated them and expected one row, the generic plan
 * ten; the generic one then looked dearer and the statement was planned again on every call.
 */
function connectionsShared(kind: 'tip' | 'guide', f: BoundFilter, viewer: ListedViewer, page: KeyPage): SQL {
  const table = kind === 'tip' ? tips : guides;
  const rows = limitLiteral(page.rows);
  const ids = connectionIdsOf(viewer);
  const probes = sql.raw(String(PROBED_CONNECTIONS));
  // CASE, not AND: the floor is tested first, so a page with one never lists the connections here.
  const probing = page.floor
    ? sql`CASE WHEN ${page.floor} > '-infinity' THEN false ELSE cardinality(${ids}) <= ${probes} END`
    : sql`cardinality(${ids}) <= ${probes}`;
  const probed = and(sql`${table.userId} = friend.id`, conditionsOf(kind, f), inPage(table, page));
  // Under a floor the walk reads a page's span of time, so the few rows that get this far probe
  // the pair index instead of listing every connection.
  const inList = sql`${table.userId} = ANY (${ids})`;
  const connected = page.floor
    ? sql`CASE WHEN ${page.floor} > '-infinity' THEN ${connectedTo(viewer, table.userId)} ELSE ${inList} END`
    : inList;
  // As a test of nullness (db/visibility.ts, authorNotHidden says why): taken as nearly always
  // true, so the planner walks the ordered index and stops after a page, rather than gathering
  // every not-public item of the connections through an index condition of hundreds of ids.
  const isConnection = sql`NULLIF(${connected}, false) IS NOT NULL`;
  const walked = and(isConnection, conditionsOf(kind, f), inPage(table, page));
  return sql`(SELECT ${sql.raw(`'${kind}'`)} AS kind, id, created_at, created_at::text AS cursor_ts FROM (
      (SELECT item.id, item.created_at FROM unnest(${ids}) AS friend(id) CROSS JOIN LATERAL (
        SELECT ${table.id} AS id, ${table.createdAt} AS created_at FROM ${table} WHERE ${probed}
        ORDER BY ${newestFirst(table.createdAt)}, ${newestFirst(table.id)} LIMIT ${rows}) AS item
      WHERE ${probing})
      UNION ALL
      (SELECT ${table.id} AS id, ${table.createdAt} AS created_at FROM ${table}
      WHERE ${walked} AND NOT (${probing})
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

/** The branches of a page: `leading` ones first, then those read only down to their floor. */
interface Branches {
  leading: SQL[];
  bounded: SQL[];
}

/**
 * The filters whose branches together give the page. What the viewer may see is split into its
 * three disjoint halves so each can walk an index already in (created_at, id) order and stop
 * after limit + 1 rows, instead of sorting every visible row: the public half
 * (tips_public_created_idx), the viewer's own others (tips_private_user_created_idx) and their
 * connections' connections-only items (the same index, per connection), and the guides' twins.
 * The public halves (and a search's gathered matches) lead; the others are bounded by the
 * floor they set (keysSql).
 */
function keyBranches(kinds: ('tip' | 'guide')[], f: BoundFilter, page: KeyPage, floor: SQL): Branches {
  const branches: Branches = { leading: [], bounded: [] };
  for (const kind of kinds) {
    if (f.scope.kind !== 'visible' || isGathered(kind, f)) {
      branches.leading.push(keyBranch(kind, f, page));
      continue;
    }
    const viewerId = f.scope.viewerId;
    branches.leading.push(keyBranch(kind, { ...f, scope: { kind: 'public', viewerId } }, page));
    const bounded = { ...page, floor };
    branches.bounded.push(keyBranch(kind, { ...f, scope: { kind: 'ownPrivate', userId: viewerId } }, bounded));
    branches.bounded.push(keyBranch(kind, { ...f, scope: { kind: 'connectionsShared', viewerId } }, bounded));
  }
  return branches;
}

/**
 * The viewer's id is read through a sub-select, as their lists are: with it in sight, a custom
 * plan counted the viewer's own rows and connections, came out cheaper than the generic plan
 * and was made again on every call (1.9 ms of PostgreSQL CPU per search, ADR 098).
 */
const listedViewer = (viewerId: ViewerBound): ListedViewer =>
  viewerId instanceof ListedViewer ? viewerId : new ListedViewer(sql`(SELECT ${viewerId}::uuid)`);

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

/**
 * The tables a tab reads. With a tip category no guide can match (a guide has none), so the
 * guides are not read at all; the service answers the Guides tab with an empty page itself.
 */
export function kindsOf(type: ContentTab, f: { tipType?: unknown }): ('tip' | 'guide')[] {
  const kinds: ('tip' | 'guide')[] = type === 'tips' ? ['tip'] : type === 'guides' ? ['guide'] : ['tip', 'guide'];
  return f.tipType === undefined ? kinds : kinds.filter((kind) => kind === 'tip');
}

/** The page's floor, as the bounded branches read it. */
const PAGE_FLOOR = sql`(SELECT ts FROM page_floor)`;

/**
 * The keys of a page, newest first. When the page has bounded branches (ADR 098), the leading
 * ones are read first, as one CTE; if they fill the page, no key of the page is older than their
 * oldest, so that is the floor the others read down to (-infinity when they do not fill it). A
 * common word's search thus reads the viewer's own and connections' items of the public page's
 * span of time instead of walking back until one matches: member 1 of the bench set, with 474
 * connections, read ~180 rows of *_shared_created_idx per search for 1 or 2 matches.
 */
function keysSql(type: ContentTab, f: BoundFilter, page: KeyPage): SQL {
  const kinds = kindsOf(type, f);
  const { filter, viewer } = withListedViewer(f);
  const { leading, bounded } = keyBranches(kinds, filter, page, PAGE_FLOOR);
  const rows = limitLiteral(page.rows);
  const ctes = viewer ? [viewerListsCte(viewer)] : [];
  // A lone branch is selected from, not written bare: a `recent` one holds a WITH of its own,
  // which may not follow the statement's.
  const merged = (branches: SQL[]) =>
    branches.length === 1 && branches[0]
      ? sql`SELECT kind, id, created_at, cursor_ts FROM ${branches[0]} AS branch`
      : sql`${sql.join(branches, sql` UNION ALL `)} ORDER BY created_at DESC, id DESC LIMIT ${rows}`;
  const withCtes = (query: SQL) => (ctes.length > 0 ? sql`WITH ${sql.join(ctes, sql`, `)} ${query}` : query);
  if (bounded.length === 0) return withCtes(merged(leading));
  ctes.push(
    sql`leading_keys AS MATERIALIZED (${merged(leading)})`,
    sql`page_floor AS MATERIALIZED (SELECT COALESCE((SELECT min(created_at) FROM leading_keys HAVING count(*) >= ${rows}), '-infinity') AS ts)`,
  );
  return withCtes(
    merged([sql`(SELECT kind, id, created_at, cursor_ts FROM leading_keys)`, ...bounded.map((branch) => sql`(${branch})`)]),
  );
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
  /** A tip category (issue 36); absent from older shapes' names, so their statements keep them. */
  tipType?: true;
  after: boolean;
  /** The page's size + 1 (a limit is 1-50, so at most 50 texts per shape). */
  rows: number;
}

const keysPlaceholders = {
  userId: sql.placeholder('userId'),
  viewerId: sql.placeholder('viewerId'),
  search: sql.placeholder('search'),
  country: sql.placeholder('country'),
  tipType: sql.placeholder('tipType'),
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
    tipType: shape.tipType ? p.tipType : undefined,
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
    ...(f.tipType ? { tipType: true as const } : {}),
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
    tipType: f.tipType,
    cursorTs: cursor?.createdAt,
    cursorId: cursor?.id,
    tipWindow: f.searchWindows?.tip?.query,
    tipSince: f.searchWindows?.tip?.since,
    guideWindow: f.searchWindows?.guide?.query,
    guideSince: f.searchWindows?.guide?.since,
  };
}
