import { describe, expect, it } from 'vitest';
import type { TipOption } from '@common/schemas/tip';
import {
  addCustom,
  addTip,
  canMoveToDay,
  itemsBeyond,
  moveDown,
  moveItem,
  moveToDay,
  moveUp,
  toItemInputs,
  type DraftItem,
} from './itinerary';

const tip = (id: string): TipOption => ({
  id,
  title: `Tip ${id}`,
  city: 'Porto',
  country: 'Portugal',
  placeName: null,
  description: 'x',
});
const A = tip('00000000-0000-4000-8000-00000000000a');

/** Day 1: a b c; day 2: d; day 3: empty. */
function plan(): DraftItem[] {
  let items: DraftItem[] = [];
  for (const [day, title] of [
    [1, 'a'],
    [1, 'b'],
    [1, 'c'],
    [2, 'd'],
  ] as const) {
    items = addCustom(items, day, { title }, title);
  }
  return items;
}

/** Every item as "day.position title", in itinerary order; also checks the numbering has no gap. */
function layout(items: DraftItem[]): string[] {
  const perDay = new Map<number, number[]>();
  for (const i of items) perDay.set(i.dayNumber, [...(perDay.get(i.dayNumber) ?? []), i.orderInDay]);
  for (const orders of perDay.values()) expect(orders).toEqual(orders.map((_, n) => n + 1));
  return items.map((i) => `${i.dayNumber}.${i.orderInDay} ${i.tip ? 'tip' : i.customTitle}`);
}

describe('moving itinerary items', () => {
  it('moves up and down within the day, renumbering it', () => {
    expect(layout(moveUp(plan(), 'c'))).toEqual(['1.1 a', '1.2 c', '1.3 b', '2.1 d']);
    expect(layout(moveDown(plan(), 'a'))).toEqual(['1.1 b', '1.2 a', '1.3 c', '2.1 d']);
    expect(layout(moveUp(moveUp(plan(), 'c'), 'c'))).toEqual(['1.1 c', '1.2 a', '1.3 b', '2.1 d']);
  });

  it('leaves the list as it is at the ends of a day', () => {
    const items = plan();
    expect(moveUp(items, 'a')).toBe(items);
    expect(moveDown(items, 'c')).toBe(items);
    expect(moveUp(items, 'd')).toBe(items);
    expect(moveDown(items, 'd')).toBe(items);
    expect(moveUp(items, 'missing')).toBe(items);
  });

  it('moves to the end of another day, an empty one too, closing the gap it leaves', () => {
    expect(layout(moveToDay(plan(), 'a', 2))).toEqual(['1.1 b', '1.2 c', '2.1 d', '2.2 a']);
    expect(layout(moveToDay(plan(), 'b', 3))).toEqual(['1.1 a', '1.2 c', '2.1 d', '3.1 b']);
    expect(layout(moveToDay(plan(), 'd', 1))).toEqual(['1.1 a', '1.2 b', '1.3 c', '1.4 d']);
    const items = plan();
    expect(moveToDay(items, 'a', 1)).toBe(items);
  });

  it('moves to a position in a day as a drop does (the index among the other items, clamped)', () => {
    expect(layout(moveItem(plan(), 'd', 1, 0))).toEqual(['1.1 d', '1.2 a', '1.3 b', '1.4 c']);
    expect(layout(moveItem(plan(), 'd', 1, 1))).toEqual(['1.1 a', '1.2 d', '1.3 b', '1.4 c']);
    expect(layout(moveItem(plan(), 'a', 1, 2))).toEqual(['1.1 b', '1.2 c', '1.3 a', '2.1 d']);
    expect(layout(moveItem(plan(), 'c', 1, 0))).toEqual(['1.1 c', '1.2 a', '1.3 b', '2.1 d']);
    expect(layout(moveItem(plan(), 'a', 2, 99))).toEqual(['1.1 b', '1.2 c', '2.1 d', '2.2 a']);
    expect(layout(moveItem(plan(), 'a', 2, -5))).toEqual(['1.1 b', '1.2 c', '2.1 a', '2.2 d']);
    const items = plan();
    expect(moveItem(items, 'b', 1, 1)).toBe(items);
  });

  it('refuses to put a tip in a day that already has it', () => {
    let items = addTip(plan(), 1, A, 'tip1');
    items = addTip(items, 2, A, 'tip2');
    expect(canMoveToDay(items, 'tip1', 2)).toBe(false);
    expect(canMoveToDay(items, 'tip1', 1)).toBe(true);
    expect(canMoveToDay(items, 'tip1', 3)).toBe(true);
    expect(canMoveToDay(items, 'a', 2)).toBe(true);
    expect(moveToDay(items, 'tip1', 2)).toBe(items);
    expect(moveItem(items, 'tip1', 2, 0)).toBe(items);
    expect(layout(moveToDay(items, 'tip1', 3))).toContain('3.1 tip');
  });

  it('sends the moved order as positions', () => {
    const inputs = toItemInputs(moveItem(plan(), 'd', 1, 0));
    expect(inputs.map((i) => [i.dayNumber, i.orderInDay, 'customTitle' in i ? i.customTitle : 'tip'])).toEqual([
      [1, 1, 'd'],
      [1, 2, 'a'],
      [1, 3, 'b'],
      [1, 4, 'c'],
    ]);
  });

  it('counts the items a lower duration would drop, per day', () => {
    let items = moveToDay(plan(), 'a', 3);
    items = addCustom(items, 3, { title: 'e' }, 'e');
    expect(itemsBeyond(items, 3)).toEqual({ count: 0, days: [] });
    expect(itemsBeyond(items, 2)).toEqual({ count: 2, days: [{ dayNumber: 3, count: 2 }] });
    expect(itemsBeyond(items, 1)).toEqual({
      count: 3,
      days: [
        { dayNumber: 2, count: 1 },
        { dayNumber: 3, count: 2 },
      ],
    });
  });
});
