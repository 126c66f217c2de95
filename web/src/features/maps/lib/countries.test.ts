import { describe, expect, it } from 'vitest';
import { unwrapRing } from './countries';

describe('unwrapRing', () => {
  it('leaves a ring that stays on one side of the antimeridian as it is', () => {
    const ring = [
      [10, 40],
      [12, 41],
      [11, 43],
      [10, 40],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it('carries the far side of a ring across +180 on past the edge', () => {
    const ring = [
      [178, -16],
      [179.9, -16.5],
      [-179.8, -16.2],
      [-179.9, -17],
      [178, -17],
      [178, -16],
    ];
    const lngs = unwrapRing(ring).map(([lng]) => lng);
    expect(lngs.map((l) => Math.round((l ?? 0) * 10) / 10)).toEqual([178, 179.9, 180.2, 180.1, 178, 178]);
    // No step longer than half the world: no stroke across the map.
    lngs.slice(1).forEach((lng, i) => expect(Math.abs((lng ?? 0) - (lngs[i] ?? 0))).toBeLessThan(180));
  });

  it('carries a ring that starts west of -180 on the other way', () => {
    const lngs = unwrapRing([
      [-179, 65],
      [179, 66],
      [178, 65],
      [-179, 65],
    ]).map(([lng]) => lng);
    expect(lngs).toEqual([-179, -181, -182, -179]);
  });
});
