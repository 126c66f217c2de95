/**
 * The guide page's itinerary as the list alternative of its map (issue 22): which item is which
 * numbered stop. The map endpoint numbers each day's placed items 1, 2, ... in itinerary order
 * and names them by tip id (a tip the viewer may open) or by title; the items are matched in the
 * same order, so an item with no place is skipped, never given the next item's number.
 */
import type { GuideItem } from '@common/schemas/guide';
import type { GuideMap, GuideStop } from '@common/schemas/map';
import { TEXTS } from '@common/texts';

/** The title the itinerary shows for an item (and the map endpoint names its stop by). */
export function itemTitle(item: GuideItem): string {
  return item.tip?.title ?? item.customTitle ?? TEXTS.privateTipInGuide;
}

function isStopOf(stop: GuideStop, item: GuideItem): boolean {
  return stop.tipId ? item.tip?.id === stop.tipId : itemTitle(item) === stop.title;
}

/** Item id -> its stop number on its day's map; items without a place are absent. */
export function stopNumbers(items: readonly GuideItem[], map: GuideMap): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const day of map.days) {
    const dayItems = items.filter((item) => item.dayNumber === day.dayNumber).sort((a, b) => a.orderInDay - b.orderInDay);
    let next = 0;
    for (const item of dayItems) {
      const stop = day.stops[next];
      if (stop && isStopOf(stop, item)) {
        numbers.set(item.id, stop.number);
        next += 1;
      }
    }
  }
  return numbers;
}

/** "2 stops on the map", "No stop of this day has a place on the map", and the unplaced count. */
export function dayMapSummary(day: GuideMap['days'][number] | undefined): string {
  const placed = day?.stops.length ?? 0;
  const unplaced = day?.unplaced ?? 0;
  if (placed === 0) return 'No stop of this day has a place on the map';
  const stops = placed === 1 ? '1 stop on the map' : `${placed} stops on the map`;
  if (unplaced === 0) return stops;
  return `${stops}; ${unplaced === 1 ? '1 item has' : `${unplaced} items have`} no place`;
}
