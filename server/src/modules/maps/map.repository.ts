/**
 * The map's SQL (ADR 062, 084). Public tips whose authors the viewer may see, and their
 * connections' connections-only tips; never a private tip, not even the viewer's own. The
 * stored cells count public tips for everyone; map-viewer.repository.ts corrects them per viewer.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { tipMapCells, tips } from '@db/schema';
import {
  type ViewerId,
  authorNotHidden,
  connectionIdsOf,
  isPrivate,
  isPublic,
  sharedWithConnection,
  visibilityEpoch,
} from '@db/visibility';
import { type ContentFilter, tipConditions } from '../content/content-filter';
import type { LongitudeSpan } from './map-view';

export interface CellRow {
  x: number;
  y: number;
  count: number;
  latitude: number;
  longitude: number;
}

export interface PointRow {
  id: string;
  title: string;
  latitude: number;
  longitude: number;
  precision: string;
  country: string;
  city: string;
  rating: number | null;
  photoUrl: string | null;
  likesCount: number;
}

/** A public tip the viewer may see: its author is neither blocked (either way) nor suspended. */
export const publicFor = (viewerId: string): SQL => sql`${isPublic(tips)} AND ${authorNotHidden(tips, viewerId)}`;

/**
 * A connection's connections-only tip (not hidden, author not blocked or suspended); `is_private
 * = true` is written out so the partial tips_private_user_created_idx serves user_id = ANY(...).
 */
export const sharedFor = (viewerId: string): SQL =>
  sql`${isPrivate(tips)} AND ${sharedWithConnection(tips, viewerId)} AND ${authorNotHidden(tips, viewerId)}`;

/**
 * The located tips of `members` (an SQL uuid[]) matching `where`, as rows of `columns`: a
 * LATERAL sub-select per member, so each is one range of an index that starts with user_id
 * (a plain `user_id = ANY(...)` let the planner walk a whole partial index instead; OFFSET 0
 * keeps the sub-select from being flattened into a join that could do the same). With `span`
 * ([lowest, highest] map_cell) the range is narrowed to it, map_cell being the index's second
 * column; the caller drops what lies outside its cells (one range per member: a range per cell
 * cost 64 probes per member, and a join on the ranges re-read each member's rows per range).
 */
export function tipsOfMembers(members: SQL, columns: SQL, where: SQL, alias: string, span?: [string, string]): SQL {
  const inSpan = span ? sql` AND tips.map_cell BETWEEN ${span[0]}::bigint AND ${span[1]}::bigint` : sql``;
  return sql`unnest(${members}) AS m(id) CROSS JOIN LATERAL (
    SELECT ${columns} FROM ${tips} WHERE tips.user_id = m.id AND tips.map_cell IS NOT NULL${inSpan} AND ${where}
    OFFSET 0) ${sql.raw(alias)}`;
}

/**
 * The viewer's connections' connections-only, not hidden, placed tips matching `where` (authors
 * not hidden from them), from tips_shared_user_map_cell_idx: `user_id = ANY(...)` is its index
 * condition, one probe per connection inside a single index scan (a LATERAL sub-select per
 * connection cost an executor start each: 2.3 ms for the bench member's 226). The index's WHERE
 * is written out as it is so the planner can use it (it implies is_private).
 */
export function sharedTips(viewerId: ViewerId, columns: SQL, where: SQL, span?: [string, string]): SQL {
  const inSpan = span ? sql` AND tips.map_cell BETWEEN ${span[0]}::bigint AND ${span[1]}::bigint` : sql``;
  return sql`SELECT ${columns} FROM ${tips}
    WHERE tips.user_id = ANY (${connectionIdsOf(viewerId)}) AND ${authorNotHidden(tips, viewerId)}
      AND ${tips.visibility} = 'connections' AND ${tips.hiddenAt} IS NULL AND tips.map_cell IS NOT NULL${inSpan}
      AND ${where}`;
}

/** A search and a country on tips, without Explore's public scope (the connections branch). */
export function searchAndCountry(filter: { search?: string; country?: string }): SQL {
  const search = filter.search ? sql` AND ${tips.searchVector} @@ ${filter.search}::tsquery` : sql``;
  const country = filter.country === undefined ? sql`` : sql` AND ${tips.country} = ${filter.country}`;
  return sql`true${search}${country}`;
}

/** One array bound as one parameter (not spread into $1, $2, ...): one statement text for any length. */
export const arrayParam = (values: readonly string[], type: 'bigint[]' | 'uuid[]'): SQL =>
  sql`${sql.param(values)}::${sql.raw(type)}`;

const inRuns = (column: SQL, runs: [number, number][]): SQL =>
  sql.join(
    runs.map(([first, last]) => sql`${column} BETWEEN ${first} AND ${last}`),
    sql` OR `,
  );

/**
 * The cells of one level from tip_map_cells, summed over countries unless one is asked for, with
 * the visibility epoch of the same snapshot (ADR 097: whether a viewer's kept correction holds).
 */
export async function storedCells(
  db: Executor,
  view: { level: number; columns: [number, number][]; rows: [number, number] },
  country: string | undefined,
): Promise<{ epoch: string; cells: CellRow[] }> {
  const c = tipMapCells;
  const rows = await executeRows<{ epoch: string } & { [K in keyof CellRow]: CellRow[K] | null }>(
    db,
    sql`SELECT ${visibilityEpoch} AS epoch, cells.* FROM (SELECT 1) AS one LEFT JOIN (
          SELECT ${c.x} AS x, ${c.y} AS y, sum(${c.tipsCount})::int AS count,
            sum(${c.latitudeSum}) / sum(${c.tipsCount}) AS latitude,
            sum(${c.longitudeSum}) / sum(${c.tipsCount}) AS longitude
          FROM ${c}
          WHERE ${c.level} = ${view.level} AND (${inRuns(sql`${c.x}`, view.columns)})
            AND ${c.y} BETWEEN ${view.rows[0]} AND ${view.rows[1]}
            ${country === undefined ? sql`` : sql`AND ${c.country} = ${country}`}
          GROUP BY ${c.x}, ${c.y}) cells ON true`,
  );
  const [first] = rows;
  if (!first) throw new Error('map: the stored cells statement returned no row');
  const cells = rows.flatMap(({ x, y, count, latitude, longitude }) =>
    x === null || y === null || count === null || latitude === null || longitude === null
      ? []
      : [{ x, y, count, latitude, longitude }],
  );
  return { epoch: first.epoch, cells };
}

/** A point's columns, on tips (unaliased, so the visibility helpers' "tips"."..." apply). */
const pointColumns = sql`tips.id::text AS id, tips.title AS title, tips.latitude AS latitude, tips.longitude AS longitude,
  tips.location_precision AS precision, tips.country AS country, tips.city AS city, tips.rating AS rating,
  coalesce(tips.photo_url, tips.photo_urls[1]) AS "photoUrl", tips.likes_count AS "likesCount"`;

/**
 * The one public tip the viewer may see in each given cell (cells whose one tip is public): a
 * short index range per cell. A cell whose one tip is a connection's comes by pointsByIds.
 */
export async function singleTips(
  db: Executor,
  viewerId: string,
  lows: string[],
  highs: string[],
  country: string | undefined,
): Promise<PointRow[]> {
  if (lows.length === 0) return [];
  return executeRows<PointRow>(
    db,
    sql`SELECT p.* FROM unnest(${arrayParam(lows, 'bigint[]')}, ${arrayParam(highs, 'bigint[]')}) AS c(low, high)
        CROSS JOIN LATERAL (
          SELECT ${pointColumns} FROM ${tips}
          WHERE ${publicFor(viewerId)} AND tips.map_cell IS NOT NULL AND tips.map_cell BETWEEN c.low AND c.high
            ${country === undefined ? sql`` : sql`AND tips.country = ${country}`}
          LIMIT 1) p`,
  );
}

/** A map's box: one or two longitude spans (map-view.ts) and a latitude run. */
export interface Box {
  spans: LongitudeSpan[];
  south: number;
  north: number;
}

/** The box as a condition on the exact coordinates. */
function inBox({ spans, south, north }: Box): SQL {
  const longitudes = sql.join(
    spans.map((s) => sql`tips.longitude BETWEEN ${s.west} AND ${s.east}`),
    sql` OR `,
  );
  return sql`tips.latitude BETWEEN ${south} AND ${north} AND (${longitudes})`;
}

/**
 * The tips of the area's index ranges, in the box and the filter: a LATERAL sub-select per range,
 * so each range is its own index scan (a plain join let the planner read the whole table).
 */
function inRanges(viewerId: string, area: LiveArea, filter: SQL, limit?: number): SQL {
  return sql`unnest(${arrayParam(area.lows, 'bigint[]')}, ${arrayParam(area.highs, 'bigint[]')}) AS c(low, high)
    CROSS JOIN LATERAL (
      SELECT tips.id, tips.map_cell, tips.latitude, tips.longitude FROM ${tips}
      WHERE ${publicFor(viewerId)} AND tips.map_cell IS NOT NULL AND tips.map_cell BETWEEN c.low AND c.high
        AND ${inBox(area)} AND ${filter}
      ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}) placed`;
}

/** The viewer's connections' connections-only tips in the box and the filter (by user_id). */
function sharedInBox(viewerId: string, box: Box, filter: { search?: string; country?: string }): SQL {
  return sharedTips(
    viewerId,
    sql`tips.id, tips.map_cell, tips.latitude, tips.longitude`,
    sql`${inBox(box)} AND ${searchAndCountry(filter)}`,
  );
}

/** Stored map_cell ranges, inclusive (map-view.ts coveringRanges). */
export interface LiveRanges {
  lows: string[];
  highs: string[];
}

/** A box with the stored map_cell ranges that cover it. */
export interface LiveArea extends Box, LiveRanges {}

/**
 * Searches, which tip_map_cells cannot answer: the words' index finds the tips, the box filters
 * them, and they are grouped into the level's cells (`shift` turns a stored map_cell into the
 * level's cell number); a single tip's id comes along as `onlyId`. `raw` is Explore's filter:
 * `filter`, its condition on tips, is written unaliased as content-filter.ts writes it; the
 * connections' branch reads its search and country as they are.
 */
export async function searchedCells(db: Executor, viewerId: string, box: Box, shift: number, raw: ContentFilter) {
  const filter = tipConditions(raw);
  return executeRows<{ code: string; count: number; latitude: number; longitude: number; onlyId: string }>(
    db,
    sql`SELECT (found.map_cell >> ${shift})::text AS code, count(*)::int AS count,
          avg(found.latitude) AS latitude, avg(found.longitude) AS longitude, min(found.id::text) AS "onlyId"
        FROM (
          SELECT tips.id, tips.map_cell, tips.latitude, tips.longitude FROM ${tips}
          WHERE ${publicFor(viewerId)} AND tips.map_cell IS NOT NULL AND ${inBox(box)} AND ${filter}
          UNION ALL ${sharedInBox(viewerId, box, raw)}
        ) found
        GROUP BY 1`,
  );
}

/** The points of these ids that the viewer's map may show (public to them, or a connection's shared). */
export async function pointsByIds(db: Executor, viewerId: string, ids: string[]): Promise<PointRow[]> {
  if (ids.length === 0) return [];
  return executeRows<PointRow>(
    db,
    sql`SELECT ${pointColumns} FROM ${tips} WHERE tips.id = ANY(${arrayParam(ids, 'uuid[]')})
          AND ((${publicFor(viewerId)}) OR (${sharedFor(viewerId)}))`,
  );
}

/** The deepest zooms: each tip in the box (tips at one spot cannot be split by zooming). */
export async function tipIdsInBox(
  db: Executor,
  viewerId: string,
  area: LiveArea,
  raw: ContentFilter,
  limit: number,
): Promise<string[]> {
  const filter = tipConditions(raw);
  // The connections' tips member by member (a LATERAL range each of tips_shared_user_map_cell_idx):
  // as one statement under the LIMIT, the planner walked tips_shared_created_idx whole instead.
  const sharedWhere = sql`${tips.visibility} = 'connections' AND ${tips.hiddenAt} IS NULL
    AND ${authorNotHidden(tips, viewerId)} AND ${inBox(area)} AND ${searchAndCountry(raw)}`;
  const rows = await executeRows<{ id: string }>(
    db,
    sql`(SELECT placed.id::text AS id FROM ${inRanges(viewerId, area, filter, limit)} LIMIT ${limit})
        UNION ALL (SELECT shared.id::text FROM ${tipsOfMembers(connectionIdsOf(viewerId), sql`tips.id`, sharedWhere, 'shared')})
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
