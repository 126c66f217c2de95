/**
 * A guide's days as every export shows them (issue 23, ADRs 066-067): the calendar, the GPS
 * route and the print layout alike. Each day's items in itinerary order with their place and
 * where the guide map puts them; an item the viewer may not see (another member's private tip,
 * sent as a placeholder, ADR 008) is left out entirely.
 */
import { tipPlaceLabel } from './guide-labels';
import type { Guide, GuideItem } from './schemas/guide';
import type { GuideMap, GuideStop } from './schemas/map';

export interface ExportItem {
  itemId: string;
  title: string;
  place: string | null;
  description: string | null;
  /** Set for a tip the viewer may open. */
  tipId: string | null;
  /** Where the item is on the guide map, when it is placed. */
  stop: GuideStop | undefined;
}

export interface ExportDay {
  dayNumber: number;
  items: ExportItem[];
}

function exportItem(item: GuideItem, stops: Map<string, GuideStop>): ExportItem | null {
  const { tip } = item;
  if (!tip && !item.customTitle) return null;
  return {
    itemId: item.id,
    title: tip?.title ?? item.customTitle ?? '',
    place: (tip ? tipPlaceLabel(tip) : item.customPlaceName) || null,
    description: tip?.description ?? item.customDescription,
    tipId: tip?.id ?? null,
    stop: stops.get(item.id),
  };
}

/** Every day of the guide, empty days included; `map` undefined while it is still loading. */
export function exportDays(guide: Pick<Guide, 'daysCount' | 'items'>, map: GuideMap | undefined): ExportDay[] {
  const stops = new Map((map?.days ?? []).flatMap((d) => d.stops.map((s) => [s.itemId, s] as const)));
  return Array.from({ length: guide.daysCount }, (_, i) => ({
    dayNumber: i + 1,
    items: guide.items
      .filter((item) => item.dayNumber === i + 1)
      .sort((a, b) => a.orderInDay - b.orderInDay)
      .flatMap((item) => exportItem(item, stops) ?? []),
  }));
}
