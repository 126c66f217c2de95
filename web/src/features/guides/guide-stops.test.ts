import { describe, expect, it } from 'vitest';
import type { GuideItem } from '@common/schemas/guide';
import type { GuideMap, GuideStop } from '@common/schemas/map';
import { TEXTS } from '@common/texts';
import { dayMapSummary, itemTitle, stopNumbers } from './guide-stops';

const tipItem = (id: string, dayNumber: number, orderInDay: number, tipId: string, title: string): GuideItem => ({
  id,
  dayNumber,
  orderInDay,
  tip: { id: tipId, title, city: 'Paris', country: 'France', placeName: null, description: '' },
  customTitle: null,
  customDescription: null,
  customPlaceName: null,
});
const customItem = (id: string, dayNumber: number, orderInDay: number, title: string | null): GuideItem => ({
  id,
  dayNumber,
  orderInDay,
  tip: null,
  customTitle: title,
  customDescription: null,
  customPlaceName: null,
});
const stop = (number: number, title: string, tipId: string | null = null): GuideStop => ({
  number,
  title,
  tipId,
  latitude: 48.86,
  longitude: 2.35,
  precision: 'city',
});

describe('stopNumbers', () => {
  it('numbers the placed items of each day in itinerary order, skipping the unplaced ones', () => {
    // Listed out of order on purpose: the itinerary's order is orderInDay, not the array's.
    const items = [
      customItem('c', 1, 3, 'Picnic by the Seine'),
      tipItem('a', 1, 1, 't1', 'Eiffel Tower'),
      customItem('b', 1, 2, 'Somewhere unknown'),
      tipItem('d', 2, 1, 't2', 'Louvre'),
    ];
    const map: GuideMap = {
      days: [
        { dayNumber: 1, stops: [stop(1, 'Eiffel Tower', 't1'), stop(2, 'Picnic by the Seine')], unplaced: 1 },
        { dayNumber: 2, stops: [stop(1, 'Louvre', 't2')], unplaced: 0 },
      ],
    };
    expect(Object.fromEntries(stopNumbers(items, map))).toEqual({ a: 1, c: 2, d: 1 });
  });
  it('matches a tip by its id, not by a custom item of the same title', () => {
    const items = [customItem('x', 1, 1, 'Louvre'), tipItem('y', 1, 2, 't9', 'Louvre')];
    const map: GuideMap = { days: [{ dayNumber: 1, stops: [stop(1, 'Louvre', 't9')], unplaced: 1 }] };
    expect(Object.fromEntries(stopNumbers(items, map))).toEqual({ y: 1 });
  });
  it('gives no number when the map has no stop for the day', () => {
    const items = [tipItem('a', 3, 1, 't1', 'Eiffel Tower')];
    expect(stopNumbers(items, { days: [{ dayNumber: 3, stops: [], unplaced: 1 }] }).size).toBe(0);
    expect(stopNumbers(items, { days: [] }).size).toBe(0);
  });
  it('names a private tip the way the itinerary does', () => {
    expect(itemTitle(customItem('p', 1, 1, null))).toBe(TEXTS.privateTipInGuide);
  });
});

describe('dayMapSummary', () => {
  it('says how many stops are on the map and how many items have no place', () => {
    expect(dayMapSummary({ dayNumber: 1, stops: [stop(1, 'A')], unplaced: 0 })).toBe('1 stop on the map');
    expect(dayMapSummary({ dayNumber: 1, stops: [stop(1, 'A'), stop(2, 'B')], unplaced: 2 })).toBe(
      '2 stops on the map; 2 items have no place',
    );
    expect(dayMapSummary({ dayNumber: 1, stops: [stop(1, 'A')], unplaced: 1 })).toBe('1 stop on the map; 1 item has no place');
  });
  it('says so when a day has no placed stop, or is not on the map at all', () => {
    expect(dayMapSummary({ dayNumber: 2, stops: [], unplaced: 3 })).toBe('No stop of this day has a place on the map');
    expect(dayMapSummary(undefined)).toBe('No stop of this day has a place on the map');
  });
});
