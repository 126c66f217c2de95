import { describe, expect, it } from 'vitest';
import type { MapPoint } from '@common/schemas/map';
import { stackPoints } from './stacked-points';

const point = (id: string, latitude: number, longitude: number): MapPoint => ({
  id,
  title: `Tip ${id}`,
  latitude,
  longitude,
  precision: 'city',
  country: 'Japan',
  city: 'Kyoto',
  rating: null,
  photoUrl: null,
  likesCount: 0,
});

describe('stackPoints', () => {
  it('puts tips at one spot under one marker and keeps the others apart, in order', () => {
    const stacks = stackPoints([
      point('a', 35.02107, 135.75385),
      point('b', 35.0211, 135.75385),
      point('c', 35.02107, 135.75385),
    ]);
    expect(stacks.map((s) => s.points.map((p) => p.id))).toEqual([['a', 'c'], ['b']]);
    expect(stacks[0]).toMatchObject({ latitude: 35.02107, longitude: 135.75385 });
  });

  it('gives no stacks for no points', () => {
    expect(stackPoints([])).toEqual([]);
  });
});
