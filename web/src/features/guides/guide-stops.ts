/**
 * The guide page's itinerary as the list alternative of its map (issue 22): which item is which
 * numbered stop. The map endpoint numbers each day's placed items 1, 2, ... in itinerary order
 * and names each stop's item by its id; an item with no place has no number.
 */
import type { GuideItem } from '@common/schemas/guide';
import type { GuideMap } from '@common/schemas/map';
import { TEXTS } from '@common/texts';

/** The title the itinerary shows for an item (and the map endpoint names its stop by). */
export function itemTitle(item: GuideItem): string {
  return item.tip?.title ?? item.customTitle ?? TEXTS.hiddenTipInGuide;
}

/** Item id -> its stop number on its day's map; items without a place are absent. */
export function stopNumbers(map: GuideMap): Map<string, number> {
  return new Map(map.days.flatMap((day) => day.stops.map((stop): [string, number] => [stop.itemId, stop.number])));
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
