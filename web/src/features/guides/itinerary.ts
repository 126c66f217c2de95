/**
 * The guide editor's day-by-day itinerary, as pure functions over an ordered list (docs/product.md#tips-and-guides):
 * items are kept sorted by day, then by their order in the day (1-based, no gaps).
 */
import type { GuideItem, GuideItemInput } from '@common/schemas/guide';
import type { TipOption } from '@common/schemas/tip';

export type DraftItem = {
  /** A client-side key for React lists; never sent. */
  key: string;
  dayNumber: number;
  orderInDay: number;
  /** The linked tip, or null for a custom item. */
  tip: TipOption | null;
  customTitle: string | null;
  customPlaceName: string | null;
  customDescription: string | null;
};

export type CustomItem = { title: string; placeName?: string | null; description?: string | null };

let keySequence = 0;
const newKey = () => `item-${(keySequence += 1)}`;

/** Sorts by day, keeping the order within each day, and renumbers 1, 2, ... per day. */
function normalize(items: DraftItem[]): DraftItem[] {
  const sorted = [...items].sort((a, b) => a.dayNumber - b.dayNumber || a.orderInDay - b.orderInDay);
  const next = new Map<number, number>();
  return sorted.map((item) => {
    const orderInDay = (next.get(item.dayNumber) ?? 0) + 1;
    next.set(item.dayNumber, orderInDay);
    return item.orderInDay === orderInDay ? item : { ...item, orderInDay };
  });
}

export function itemsOfDay(items: readonly DraftItem[], dayNumber: number): DraftItem[] {
  return items.filter((item) => item.dayNumber === dayNumber).sort((a, b) => a.orderInDay - b.orderInDay);
}

function nextOrder(items: readonly DraftItem[], dayNumber: number) {
  return itemsOfDay(items, dayNumber).length + 1;
}

/** Adds one of the author's tips at the end of a day; the same tip twice in a day is ignored. */
export function addTip(items: DraftItem[], dayNumber: number, tip: TipOption, key = newKey()): DraftItem[] {
  if (items.some((item) => item.dayNumber === dayNumber && item.tip?.id === tip.id)) return items;
  const item: DraftItem = {
    key,
    dayNumber,
    orderInDay: nextOrder(items, dayNumber),
    tip,
    customTitle: null,
    customPlaceName: null,
    customDescription: null,
  };
  return normalize([...items, item]);
}

/** Adds a custom item at the end of a day; a blank title adds nothing (docs/product.md#forms-and-validation). */
export function addCustom(items: DraftItem[], dayNumber: number, custom: CustomItem, key = newKey()): DraftItem[] {
  const title = custom.title.trim();
  if (!title) return items;
  const item: DraftItem = {
    key,
    dayNumber,
    orderInDay: nextOrder(items, dayNumber),
    tip: null,
    customTitle: title,
    customPlaceName: custom.placeName?.trim() || null,
    customDescription: custom.description?.trim() || null,
  };
  return normalize([...items, item]);
}

/** Removes an item; the rest of its day closes the gap. */
export function removeItem(items: DraftItem[], key: string): DraftItem[] {
  return normalize(items.filter((item) => item.key !== key));
}

/** Reducing the duration drops every item on a day beyond the new count. */
export function setDaysCount(items: DraftItem[], daysCount: number): DraftItem[] {
  const kept = items.filter((item) => item.dayNumber <= daysCount);
  return kept.length === items.length ? items : normalize(kept);
}

/** What lowering the duration to `daysCount` would drop: how many items, and how many on each day. */
export type DroppedItems = { count: number; days: { dayNumber: number; count: number }[] };

export function itemsBeyond(items: readonly DraftItem[], daysCount: number): DroppedItems {
  const perDay = new Map<number, number>();
  for (const item of items) {
    if (item.dayNumber > daysCount) perDay.set(item.dayNumber, (perDay.get(item.dayNumber) ?? 0) + 1);
  }
  const days = [...perDay].sort(([a], [b]) => a - b).map(([dayNumber, count]) => ({ dayNumber, count }));
  return { count: days.reduce((sum, day) => sum + day.count, 0), days };
}

/** A tip is in a day at most once: may `key` go to `dayNumber`? (Its own day: always.) */
export function canMoveToDay(items: readonly DraftItem[], key: string, dayNumber: number): boolean {
  const item = items.find((i) => i.key === key);
  if (!item) return false;
  if (item.dayNumber === dayNumber || !item.tip) return true;
  return !items.some((other) => other.dayNumber === dayNumber && other.tip?.id === item.tip?.id);
}

/**
 * Moves an item to `dayNumber`, at `index` (0-based) among that day's other items, clamped to
 * its ends; both days are renumbered. A move the rules refuse returns the list unchanged.
 */
export function moveItem(items: DraftItem[], key: string, dayNumber: number, index: number): DraftItem[] {
  const item = items.find((i) => i.key === key);
  if (!item || !canMoveToDay(items, key, dayNumber)) return items;
  const rest = normalize(items.filter((i) => i.key !== key));
  const at = Math.min(Math.max(0, Math.trunc(index)), itemsOfDay(rest, dayNumber).length);
  const shifted = rest.map((i) => (i.dayNumber === dayNumber && i.orderInDay > at ? { ...i, orderInDay: i.orderInDay + 1 } : i));
  if (item.dayNumber === dayNumber && item.orderInDay === at + 1) return items;
  return normalize([...shifted, { ...item, dayNumber, orderInDay: at + 1 }]);
}

/** One place earlier in its day (the first stays first). */
export function moveUp(items: DraftItem[], key: string): DraftItem[] {
  const item = items.find((i) => i.key === key);
  return item && item.orderInDay > 1 ? moveItem(items, key, item.dayNumber, item.orderInDay - 2) : items;
}

/** One place later in its day (the last stays last). */
export function moveDown(items: DraftItem[], key: string): DraftItem[] {
  const item = items.find((i) => i.key === key);
  return item ? moveItem(items, key, item.dayNumber, item.orderInDay) : items;
}

/** To the end of another day, as an item added there would go. */
export function moveToDay(items: DraftItem[], key: string, dayNumber: number): DraftItem[] {
  const item = items.find((i) => i.key === key);
  if (!item || item.dayNumber === dayNumber) return items;
  return moveItem(items, key, dayNumber, Number.MAX_SAFE_INTEGER);
}

/** Clamps a typed duration to [1, max]; anything unreadable is 1. */
export function clampDays(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.trunc(value)));
}

/** The picker of a day offers the author's tips not yet in that day. */
export function availableTips(items: readonly DraftItem[], dayNumber: number, tips: readonly TipOption[]): TipOption[] {
  const used = new Set(itemsOfDay(items, dayNumber).flatMap((item) => (item.tip ? [item.tip.id] : [])));
  return tips.filter((tip) => !used.has(tip.id));
}

/** The request body's items, in itinerary order, each with its position in its day (ADR 104). */
export function toItemInputs(items: readonly DraftItem[]): GuideItemInput[] {
  return normalize([...items]).map((item) =>
    item.tip
      ? { dayNumber: item.dayNumber, orderInDay: item.orderInDay, tipId: item.tip.id }
      : {
          dayNumber: item.dayNumber,
          orderInDay: item.orderInDay,
          customTitle: item.customTitle ?? '',
          customPlaceName: item.customPlaceName,
          customDescription: item.customDescription,
        },
  );
}

/**
 * A saved guide's items as drafts. A tip item whose tip is gone (or not visible) keeps what the
 * server kept of it as a custom item, so saving does not lose the line.
 */
export function fromGuideItems(items: readonly GuideItem[]): DraftItem[] {
  return normalize(
    items.flatMap((item): DraftItem[] => {
      if (!item.tip && !item.customTitle?.trim()) return [];
      return [
        {
          key: item.id,
          dayNumber: item.dayNumber,
          orderInDay: item.orderInDay,
          tip: item.tip,
          customTitle: item.tip ? null : (item.customTitle?.trim() ?? null),
          customPlaceName: item.tip ? null : item.customPlaceName,
          customDescription: item.tip ? null : item.customDescription,
        },
      ];
    }),
  );
}
