/**
 * The map's SQL (ADR 062). Public tips only: the map is the same for every viewer, so it never
 * holds anyone's private tip, not even the viewer's own.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { tipMapCells, tips } from '@db/schema';
import { isPublic } from '@db/visibility';
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

/** One array bound as one parameter (not spread into $1, $2, ...): one statement text for any length. */
const arrayParam = (values: readonly string[], type: 'bigint[]' | 'uuid[]'): SQL => sql`${sql.param(values)}::${sql.raw(type)}`;

const inRuns = (column: SQL, runs: [number, number][]): SQL =>
  sql.join(
    runs.map(([first, last]) => sql`${column} BETWEEN ${first} AND ${last}`),
    sql` OR `,
  );

/** The cells of one level from tip_map_cells, summed over countries unless one is asked for. */
export async function storedCells(
  db: Executor,
  view: { level: number; columns: [number, number][]; rows: [number, number] },
  country: string | undefined,
): Promise<CellRow[]> {
  const c = tipMapCells;
  return executeRows<CellRow>(
    db,
    sql`SELECT ${c.x} AS x, ${c.y} AS y, sum(${c.tipsCount})::int AS count,
          sum(${c.latitudeSum}) / sum(${c.tipsCount}) AS latitude,
          sum(${c.longitudeSum}) / sum(${c.tipsCount}) AS longitude
        FROM ${c}
        WHERE ${c.level} = ${view.level} AND (${inRuns(sql`${c.x}`, view.columns)})
          AND ${c.y} BETWEEN ${view.rows[0]} AND ${view.rows[1]}
          ${country === undefined ? sql`` : sql`AND ${c.country} = ${country}`}
        GROUP BY ${c.x}, ${c.y}`,
  );
}

/** A point's columns, on tips aliased as t (the privacy test is written as t.is_private = false there). */
const pointColumns = sql`t.id::text AS id, t.title AS title, t.latitude AS latitude, t.longitude AS longitude,
  t.location_precision AS precision, t.country AS country, t.city AS city, t.rating AS rating,
  coalesce(t.photo_url, t.photo_urls[1]) AS "photoUrl", t.likes_count AS "likesCount"`;

/** The one public tip of each given single-tip cell: a short index range per cell. */
export async function singleTips(
  db: Executor,
  lows: string[],
  highs: string[],
  country: string | undefined,
): Promise<PointRow[]> {
  if (lows.length === 0) return [];
  return executeRows<PointRow>(
    db,
    sql`SELECT p.* FROM unnest(${arrayParam(lows, 'bigint[]')}, ${arrayParam(highs, 'bigint[]')}) AS c(low, high)
        CROSS JOIN LATERAL (
          SELECT ${pointColumns} FROM ${tips} t
          WHERE t.is_private = false AND t.map_cell IS NOT NULL AND t.map_cell BETWEEN c.low AND c.high
            ${country === undefined ? sql`` : sql`AND t.country = ${country}`}
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
function inRanges(area: LiveArea, filter: SQL, limit?: number): SQL {
  return sql`unnest(${arrayParam(area.lows, 'bigint[]')}, ${arrayParam(area.highs, 'bigint[]')}) AS c(low, high)
    CROSS JOIN LATERAL (
      SELECT tips.id, tips.map_cell, tips.latitude, tips.longitude FROM ${tips}
      WHERE ${isPublic(tips)} AND tips.map_cell IS NOT NULL AND tips.map_cell BETWEEN c.low AND c.high
        AND ${inBox(area)} AND ${filter}
      ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}) placed`;
}

/** A box with the stored map_cell ranges that cover it (map-view.ts coveringRanges). */
export interface LiveArea extends Box {
  lows: string[];
  highs: string[];
}

/**
 * Searches, which tip_map_cells cannot answer: the words' index finds the tips, the box filters
 * them, and they are grouped into the level's cells (`shift` turns a stored map_cell into the
 * level's cell number); a single tip's id comes along as `onlyId`. `filter` is Explore's
 * condition on tips, written unaliased as content-filter.ts writes it.
 */
export async function searchedCells(db: Executor, box: Box, shift: number, filter: SQL) {
  return executeRows<{ code: string; count: number; latitude: number; longitude: number; onlyId: string }>(
    db,
    sql`SELECT (tips.map_cell >> ${shift})::text AS code, count(*)::int AS count,
          avg(tips.latitude) AS latitude, avg(tips.longitude) AS longitude, min(tips.id::text) AS "onlyId"
        FROM ${tips}
        WHERE ${isPublic(tips)} AND tips.map_cell IS NOT NULL AND ${inBox(box)} AND ${filter}
        GROUP BY 1`,
  );
}

export async function pointsByIds(db: Executor, ids: string[]): Promise<PointRow[]> {
  if (ids.length === 0) return [];
  return executeRows<PointRow>(
    db,
    sql`SELECT ${pointColumns} FROM ${tips} t WHERE t.id = ANY(${arrayParam(ids, 'uuid[]')}) AND t.is_private = false`,
  );
}

/** The deepest zooms: each tip in the box (tips at one spot cannot be split by zooming). */
export async function tipIdsInBox(db: Executor, area: LiveArea, filter: SQL, limit: number): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`SELECT placed.id::text AS id FROM ${inRanges(area, filter, limit)} LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
