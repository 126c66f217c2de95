/**
 * A map request's box as grid cells: which level, which columns (two runs when the box crosses
 * the antimeridian) and rows, and the index ranges that cover it.
 */
import type { MapQuery } from '@common/schemas/map';
import { MAX_LEVEL, MIN_LEVEL, gridX, gridY, storedRange } from './map-grid';

/** A run of longitudes, west <= east, inside [-180, 180]. */
export interface LongitudeSpan {
  west: number;
  east: number;
}

export interface MapView {
  level: number;
  /** Inclusive column runs at `level`. */
  columns: [number, number][];
  /** Inclusive row run at `level` (rows grow southwards). */
  rows: [number, number];
  spans: LongitudeSpan[];
  south: number;
  north: number;
}

/** A view never reads more cells than this: a box too large for its zoom is read coarser. */
export const MAX_VIEW_CELLS = 4096;

/**
 * Leaflet's edges may lie past ±180 after panning round the world, and a box written west=170,
 * east=-170 crosses the antimeridian. A box 360° wide or more is the whole world; otherwise west
 * is wrapped into [-180, 180) and a box running past 180 becomes two spans.
 */
export function longitudeSpans(west: number, east: number): LongitudeSpan[] {
  const width = east >= west ? east - west : east - west + 360;
  if (width >= 360) return [{ west: -180, east: 180 }];
  const start = ((((west + 180) % 360) + 360) % 360) - 180;
  const end = start + width;
  return end <= 180
    ? [{ west: start, east: end }]
    : [
        { west: start, east: 180 },
        { west: -180, east: end - 360 },
      ];
}

function cellsOf(spans: LongitudeSpan[], south: number, north: number, level: number) {
  const columns = spans.map((s): [number, number] => [gridX(s.west, level), gridX(s.east, level)]);
  const rows: [number, number] = [gridY(north, level), gridY(south, level)];
  const count = columns.reduce((n, [a, b]) => n + b - a + 1, 0) * (rows[1] - rows[0] + 1);
  return { columns, rows, count };
}

export function mapViewOf(
  query: Pick<MapQuery, 'west' | 'east' | 'south' | 'north' | 'zoom'>,
  maxCells = MAX_VIEW_CELLS,
): MapView {
  const spans = longitudeSpans(query.west, query.east);
  let level = Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, query.zoom + 2));
  let cells = cellsOf(spans, query.south, query.north, level);
  while (cells.count > maxCells && level > MIN_LEVEL) {
    level -= 1;
    cells = cellsOf(spans, query.south, query.north, level);
  }
  return { level, columns: cells.columns, rows: cells.rows, spans, south: query.south, north: query.north };
}

/**
 * The stored map_cell ranges of the coarsest level whose cells covering the view number at most
 * `maxRanges`: a few index range scans that hold the box (the exact box filters after).
 */
export function coveringRanges(view: MapView, maxRanges = 64): { lows: string[]; highs: string[] } {
  let level = view.level;
  let cells = cellsOf(view.spans, view.south, view.north, level);
  while (cells.count > maxRanges && level > 0) {
    level -= 1;
    cells = cellsOf(view.spans, view.south, view.north, level);
  }
  const lows: string[] = [];
  const highs: string[] = [];
  for (const [first, last] of cells.columns) {
    for (let x = first; x <= last; x++) {
      for (let y = cells.rows[0]; y <= cells.rows[1]; y++) {
        const [low, high] = storedRange(level, x, y);
        lows.push(low);
        highs.push(high);
      }
    }
  }
  return { lows, highs };
}
