/**
 * The map's grid (ADR 062), as migration 0016 computes it in SQL: Web Mercator cells, level L
 * has 2^L columns and rows; a point's cell at level 24 is stored as a Z-order number (x bits even,
 * y bits odd), so a coarser cell is one range of those numbers.
 */
import type { MapBounds } from '@common/schemas/map';

export const GRID_LEVEL = 24;
/** Levels kept in tip_map_cells: a map at zoom z draws level z + 2 (cells of 64 screen pixels). */
export const MIN_LEVEL = 2;
export const MAX_STORED_LEVEL = 20;
export const MAX_LEVEL = 20;
const MAX_LATITUDE = 85.0511287798;

const clampCell = (v: number, level: number) => Math.min(2 ** level - 1, Math.max(0, Math.floor(v)));

export function gridX(longitude: number, level: number): number {
  return clampCell(((longitude + 180) / 360) * 2 ** level, level);
}

export function gridY(latitude: number, level: number): number {
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180;
  return clampCell(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 2 ** level, level);
}

const longitudeOf = (x: number, level: number) => (x / 2 ** level) * 360 - 180;
const latitudeOf = (y: number, level: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** level))) * 180) / Math.PI;

/** The area a cell covers, to zoom into a cluster. */
export function cellBounds(level: number, x: number, y: number): MapBounds {
  return {
    west: longitudeOf(x, level),
    east: longitudeOf(x + 1, level),
    north: latitudeOf(y, level),
    south: latitudeOf(y + 1, level),
  };
}

function spread(v: bigint): bigint {
  let out = 0n;
  for (let bit = 0n; bit < BigInt(GRID_LEVEL); bit++) out |= ((v >> bit) & 1n) << (2n * bit);
  return out;
}

function squeeze(v: bigint): bigint {
  let out = 0n;
  for (let bit = 0n; bit < BigInt(GRID_LEVEL); bit++) out |= ((v >> (2n * bit)) & 1n) << bit;
  return out;
}

/** A cell's Z-order number at its own level. */
export const cellCode = (x: number, y: number): bigint => spread(BigInt(x)) | (spread(BigInt(y)) << 1n);

export function cellOfCode(code: bigint): { x: number; y: number } {
  return { x: Number(squeeze(code)), y: Number(squeeze(code >> 1n)) };
}

/** The stored map_cell numbers (level 24) that lie in a cell of `level`, inclusive. */
export function storedRange(level: number, x: number, y: number): [string, string] {
  const shift = BigInt(2 * (GRID_LEVEL - level));
  const low = cellCode(x, y) << shift;
  return [low.toString(), (low + (1n << shift) - 1n).toString()];
}

/** What a level's cell number is shifted by from a stored map_cell. */
export const storedShift = (level: number) => 2 * (GRID_LEVEL - level);
