import { describe, expect, it } from 'vitest';
import type { GuideItem } from '@common/schemas/guide';
import type { GuideMap, GuideStop } from '@common/schemas/map';
import { TEXTS } from '@common/texts';
import { dayMapSummary, itemTitle, stopNumbers } from './guide-stops';

const customItem = (id: string, dayNumber: number, orderInDay: number, title: string | null): GuideItem => ({
  id,
  dayNumber,
  orderInDay,
  tip: null,
  customTitle: title,
  customDescription: null,
  customPlaceName: null,
});
const stop = (number: number, title: string, itemId = `item-${title}`): GuideStop => ({
  itemId,
  mapsUrl: null,
  number,
  title,
  tipId: null,
  latitude: 48.86,
  longitude: 2.35,
  precision: 'city',
});

describe('stopNumbers', () => {
  it('gives each item the number of the stop that names it; an item without a stop has none', () => {
    const map: GuideMap = {
      days: [
        { dayNumber: 1, stops: [stop(1, 'Louvre', 'a'), stop(2, 'Louvre', 'c')], unplaced: 1 },
        { dayNumber: 2, stops: [stop(1, 'Picnic', 'd')], unplaced: 0 },
      ],
    };
    // Two items of one title on one day: told apart by their ids, not their titles.
    expect(Object.fromEntries(stopNumbers(map))).toEqual({ a: 1, c: 2, d: 1 });
    expect(stopNumbers({ days: [{ dayNumber: 3, stops: [], unplaced: 1 }] }).size).toBe(0);
  });
  it('names a private tip the way the itinerary does', () => {
    expect(itemTitle(customItem('p', 1, 1, null))).toBe(TEXTS.hiddenTipInGuide);
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
