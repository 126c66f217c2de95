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

/**
 * Spreads a 24-bit number's bits to the even positions (the Z-order interleave) by the usual
 * shift-and-mask steps, as migration 0016's waymark_spread_bits does in SQL.
 */
function spread(v: bigint): bigint {
  let x = v & 0xffffffn;
  x = (x | (x << 16n)) & 0x0000ffff0000ffffn;
  x = (x | (x << 8n)) & 0x00ff00ff00ff00ffn;
  x = (x | (x << 4n)) & 0x0f0f0f0f0f0f0f0fn;
  x = (x | (x << 2n)) & 0x3333333333333333n;
  return (x | (x << 1n)) & 0x5555555555555555n;
}

/** The inverse of spread: the even bits gathered back into a 24-bit number. */
function squeeze(v: bigint): bigint {
  let x = v & 0x5555555555555555n;
  x = (x | (x >> 1n)) & 0x3333333333333333n;
  x = (x | (x >> 2n)) & 0x0f0f0f0f0f0f0f0fn;
  x = (x | (x >> 4n)) & 0x00ff00ff00ff00ffn;
  x = (x | (x >> 8n)) & 0x0000ffff0000ffffn;
  return (x | (x >> 16n)) & 0xffffffn;
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
