import { describe, expect, it } from 'vitest';
import type { GuideStop } from '@common/schemas/map';
import { LONE_POINT_SPAN, boxAround, routeOf, stopLabel, unwrapLongitudes } from './route-geometry';

const stop = (number: number, latitude: number, longitude: number): GuideStop => ({
  itemId: `item-${number}`,
  mapsUrl: null,
  number,
  title: `Stop ${number}`,
  tipId: null,
  latitude,
  longitude,
  precision: 'exact',
});

describe('unwrapLongitudes', () => {
  it('leaves an ordinary route as it is', () => {
    expect(unwrapLongitudes([stop(1, 48.85, 2.29), stop(2, 51.5, -0.12)])).toEqual([
      [48.85, 2.29],
      [51.5, -0.12],
    ]);
  });
  it('goes the short way across the antimeridian, in both directions', () => {
    // Fiji (178) to Samoa (-172): 10 degrees east, not 350 west.
    expect(unwrapLongitudes([stop(1, -18, 178), stop(2, -13.8, -172)])).toEqual([
      [-18, 178],
      [-13.8, 188],
    ]);
    expect(unwrapLongitudes([stop(1, -13.8, -172), stop(2, -18, 178)])).toEqual([
      [-13.8, -172],
      [-18, -182],
    ]);
  });
});

describe('boxAround', () => {
  it('is nothing for no point', () => {
    expect(boxAround([])).toBeUndefined();
  });
  it('gives a lone point its span around it', () => {
    expect(boxAround([[48, 2]])).toEqual([
      [48 - LONE_POINT_SPAN, 2 - LONE_POINT_SPAN],
      [48 + LONE_POINT_SPAN, 2 + LONE_POINT_SPAN],
    ]);
  });
  it('contains every point with a margin on each side', () => {
    const [[south, west], [north, east]] = boxAround([
      [10, 20],
      [30, 60],
    ])!;
    expect(south).toBeLessThan(10);
    expect(north).toBeGreaterThan(30);
    expect(west).toBeLessThan(20);
    expect(east).toBeGreaterThan(60);
    expect(north - 30).toBeCloseTo(10 - south);
  });
  it('stays inside what Web Mercator can show', () => {
    const [[south], [north]] = boxAround([
      [-84.9, 0],
      [84.9, 10],
    ])!;
    expect(south).toBeGreaterThanOrEqual(-85);
    expect(north).toBeLessThanOrEqual(85);
  });
});

describe('routeOf', () => {
  it('draws one line per day through its stops in order, and boxes them all', () => {
    const { lines, box } = routeOf([
      { dayNumber: 1, stops: [stop(1, 48.85, 2.29), stop(2, 48.86, 2.33)], unplaced: 0 },
      { dayNumber: 2, stops: [], unplaced: 1 },
      { dayNumber: 3, stops: [stop(1, 45.76, 4.83)], unplaced: 0 },
    ]);
    expect(lines).toEqual([
      {
        dayNumber: 1,
        positions: [
          [48.85, 2.29],
          [48.86, 2.33],
        ],
      },
      { dayNumber: 2, positions: [] },
      { dayNumber: 3, positions: [[45.76, 4.83]] },
    ]);
    const [[south, west], [north, east]] = box!;
    expect(south).toBeLessThan(45.76);
    expect(north).toBeGreaterThan(48.86);
    expect(west).toBeLessThan(2.29);
    expect(east).toBeGreaterThan(4.83);
  });
  it('keeps days on both sides of the antimeridian together', () => {
    const { lines, box } = routeOf([
      { dayNumber: 1, stops: [stop(1, -18, 178)], unplaced: 0 },
      { dayNumber: 2, stops: [stop(1, -13.8, -172)], unplaced: 0 },
    ]);
    expect(lines[1]?.positions).toEqual([[-13.8, 188]]);
    const [[, west], [, east]] = box!;
    expect(east - west).toBeLessThan(20);
  });
  it('fits stops a few streets apart closely, and a lone stop with its region', () => {
    const close = routeOf([{ dayNumber: 1, stops: [stop(1, 48.8584, 2.2945), stop(2, 48.8606, 2.3376)], unplaced: 0 }]).box!;
    expect(close[1][1] - close[0][1]).toBeLessThan(0.1);
    const lone = routeOf([{ dayNumber: 1, stops: [stop(1, 48.8584, 2.2945)], unplaced: 0 }]).box!;
    expect(lone[1][1] - lone[0][1]).toBeCloseTo(2 * LONE_POINT_SPAN);
  });
  it('has no box when no day has a stop', () => {
    expect(routeOf([{ dayNumber: 1, stops: [], unplaced: 2 }]).box).toBeUndefined();
  });
});

describe('stopLabel', () => {
  it('names the day only when the map shows several', () => {
    expect(stopLabel(2, 1, 'Louvre', true)).toBe('Day 2, stop 1: Louvre');
    expect(stopLabel(2, 1, 'Louvre', false)).toBe('Stop 1: Louvre');
  });
});
