import { describe, expect, it } from 'vitest';
import { cellBounds, cellCode, cellOfCode, gridX, gridY, storedRange } from './map-grid';
import { MAX_VIEW_CELLS, coveringRanges, longitudeSpans, mapViewOf } from './map-view';

describe('longitudeSpans', () => {
  it.each([
    [-10, 10, [{ west: -10, east: 10 }]],
    [
      170,
      -170,
      [
        { west: 170, east: 180 },
        { west: -180, east: -170 },
      ],
    ],
    [
      170,
      190,
      [
        { west: 170, east: 180 },
        { west: -180, east: -170 },
      ],
    ],
    [
      -190,
      -170,
      [
        { west: 170, east: 180 },
        { west: -180, east: -170 },
      ],
    ],
    [190, 200, [{ west: -170, east: -160 }]],
    [-200, 200, [{ west: -180, east: 180 }]],
    [-180, 180, [{ west: -180, east: 180 }]],
  ])('west %d, east %d', (west, east, spans) => {
    expect(longitudeSpans(west, east)).toEqual(spans);
  });
});

describe('the grid', () => {
  it('numbers cells from the north-west corner, Web Mercator rows', () => {
    expect([gridX(-180, 2), gridX(179.99, 2), gridY(85, 2), gridY(-85, 2)]).toEqual([0, 3, 0, 3]);
    expect(gridY(0, 1)).toBe(1);
    expect(gridY(0.0001, 1)).toBe(0);
  });

  it('interleaves x and y into one number and back', () => {
    expect(cellCode(2, 1)).toBe(6n);
    for (const [x, y] of [
      [0, 0],
      [16_777_215, 16_777_215],
      [8_498_125, 5_772_306],
    ] as const) {
      expect(cellOfCode(cellCode(x, y))).toEqual({ x, y });
    }
  });

  it('interleaves as a bit-by-bit reference does, over many cells', () => {
    const reference = (x: number, y: number) => {
      let code = 0n;
      for (let bit = 0n; bit < 24n; bit++) {
        code |= ((BigInt(x) >> bit) & 1n) << (2n * bit);
        code |= ((BigInt(y) >> bit) & 1n) << (2n * bit + 1n);
      }
      return code;
    };
    for (let i = 0; i < 500; i++) {
      const x = (i * 2_654_435_761) % 16_777_216;
      const y = (i * 40_503 + 12_345) % 16_777_216;
      expect(cellCode(x, y)).toBe(reference(x, y));
      expect(cellOfCode(cellCode(x, y))).toEqual({ x, y });
    }
  });

  it('gives a cell as the range of the level-24 numbers inside it', () => {
    const [low, high] = storedRange(2, 2, 1);
    expect(BigInt(low)).toBe(6n << 44n);
    expect(BigInt(high) - BigInt(low) + 1n).toBe(1n << 44n);
    const paris = cellCode(gridX(2.3488, 24), gridY(48.85341, 24));
    expect(paris >= BigInt(low) && paris <= BigInt(high)).toBe(true);
  });

  it('bounds a cell by the longitudes and latitudes of its edges', () => {
    const b = cellBounds(1, 0, 0);
    expect([b.west, b.east, b.south]).toEqual([-180, 0, 0]);
    expect(b.north).toBeCloseTo(85.0511, 4);
  });
});

describe('mapViewOf', () => {
  it('reads zoom + 2, coarser when the box holds more cells than a view may read', () => {
    expect(mapViewOf({ west: 2.13, east: 2.57, south: 48.77, north: 48.95, zoom: 12 }).level).toBe(14);
    const world = mapViewOf({ west: -180, east: 180, south: -85, north: 85, zoom: 18 });
    const cells = (world.columns[0]![1] - world.columns[0]![0] + 1) * (world.rows[1] - world.rows[0] + 1);
    expect(cells).toBeLessThanOrEqual(MAX_VIEW_CELLS);
    expect(world.level).toBe(6);
  });

  it('covers a box across the antimeridian with ranges on both sides', () => {
    const view = mapViewOf({ west: 170, east: 190, south: -25, north: -10, zoom: 5 });
    expect(view.columns).toHaveLength(2);
    const { lows, highs } = coveringRanges(view);
    expect(lows.length).toBe(highs.length);
    expect(lows.length).toBeLessThanOrEqual(64);
    const suva = cellCode(gridX(178.44, 24), gridY(-18.14, 24));
    const taveuni = cellCode(gridX(-179.95, 24), gridY(-16.85, 24));
    const covered = (code: bigint) => lows.some((low, i) => code >= BigInt(low) && code <= BigInt(highs[i]!));
    expect([covered(suva), covered(taveuni)]).toEqual([true, true]);
  });
});
