import { describe, expect, it } from 'vitest';
import type { GuideItem } from '@common/schemas/guide';
import type { TipOption } from '@common/schemas/tip';
import {
  addCustom,
  addTip,
  availableTips,
  clampDays,
  fromGuideItems,
  itemsOfDay,
  removeItem,
  setDaysCount,
  toItemInputs,
  type DraftItem,
} from './itinerary';

const tip = (id: string): TipOption => ({
  id,
  title: `Tip ${id}`,
  city: 'Lisbon',
  country: 'Portugal',
  placeName: null,
  description: 'A place',
});
const A = tip('00000000-0000-4000-8000-00000000000a');
const B = tip('00000000-0000-4000-8000-00000000000b');

const orders = (items: DraftItem[], day: number) =>
  itemsOfDay(items, day).map((item) => [item.tip?.id ?? item.customTitle, item.orderInDay]);

describe('itinerary', () => {
  it('adds tips and custom items at the end of their day, numbered from 1', () => {
    let items: DraftItem[] = [];
    items = addTip(items, 2, A, 'k1');
    items = addCustom(items, 1, { title: '  Breakfast  ' }, 'k2');
    items = addCustom(items, 2, { title: 'Sunset walk', placeName: ' Miradouro ', description: '' }, 'k3');
    items = addTip(items, 1, B, 'k4');
    expect(orders(items, 1)).toEqual([
      ['Breakfast', 1],
      [B.id, 2],
    ]);
    expect(orders(items, 2)).toEqual([
      [A.id, 1],
      ['Sunset walk', 2],
    ]);
    expect(items.find((i) => i.key === 'k3')).toMatchObject({ customPlaceName: 'Miradouro', customDescription: null });
  });

  it('ignores a blank custom item and the same tip twice in one day', () => {
    let items = addTip([], 1, A, 'k1');
    expect(addCustom(items, 1, { title: '   ' })).toBe(items);
    expect(addTip(items, 1, A)).toBe(items);
    items = addTip(items, 2, A, 'k2');
    expect(items).toHaveLength(2);
  });

  it('renumbers the day of a removed item and leaves other days alone', () => {
    let items: DraftItem[] = [];
    items = addCustom(items, 1, { title: 'one' }, 'k1');
    items = addCustom(items, 1, { title: 'two' }, 'k2');
    items = addCustom(items, 1, { title: 'three' }, 'k3');
    items = addCustom(items, 2, { title: 'other' }, 'k4');
    items = removeItem(items, 'k1');
    expect(orders(items, 1)).toEqual([
      ['two', 1],
      ['three', 2],
    ]);
    expect(orders(items, 2)).toEqual([['other', 1]]);
  });

  it('drops items on days beyond a reduced duration', () => {
    let items: DraftItem[] = [];
    items = addTip(items, 1, A, 'k1');
    items = addTip(items, 3, B, 'k2');
    items = addCustom(items, 2, { title: 'middle' }, 'k3');
    expect(setDaysCount(items, 3)).toBe(items);
    expect(setDaysCount(items, 2).map((i) => i.key)).toEqual(['k1', 'k3']);
    expect(setDaysCount(items, 1).map((i) => i.key)).toEqual(['k1']);
  });

  it('offers only the tips not yet in that day', () => {
    const items = addTip([], 1, A, 'k1');
    expect(availableTips(items, 1, [A, B])).toEqual([B]);
    expect(availableTips(items, 2, [A, B])).toEqual([A, B]);
  });

  it('clamps a typed duration', () => {
    expect(clampDays(0, 14)).toBe(1);
    expect(clampDays(20, 14)).toBe(14);
    expect(clampDays(Number.NaN, 14)).toBe(1);
    expect(clampDays(3.7, 30)).toBe(3);
  });

  it('sends items in itinerary order, each with its position in its day', () => {
    let items: DraftItem[] = [];
    items = addCustom(items, 2, { title: 'late' }, 'k1');
    items = addTip(items, 1, A, 'k2');
    items = addCustom(items, 1, { title: 'early', placeName: 'Cafe' }, 'k3');
    expect(toItemInputs(items)).toEqual([
      { dayNumber: 1, orderInDay: 1, tipId: A.id },
      { dayNumber: 1, orderInDay: 2, customTitle: 'early', customPlaceName: 'Cafe', customDescription: null },
      { dayNumber: 2, orderInDay: 1, customTitle: 'late', customPlaceName: null, customDescription: null },
    ]);
  });

  it('reads saved items, keeping an orphaned tip item as custom and skipping empty lines', () => {
    const saved: GuideItem[] = [
      {
        id: 'i2',
        dayNumber: 1,
        orderInDay: 2,
        tip: null,
        customTitle: 'Lunch',
        customDescription: null,
        customPlaceName: 'Market',
      },
      { id: 'i1', dayNumber: 1, orderInDay: 1, tip: A, customTitle: null, customDescription: null, customPlaceName: null },
      { id: 'i3', dayNumber: 2, orderInDay: 1, tip: null, customTitle: null, customDescription: null, customPlaceName: null },
    ];
    const items = fromGuideItems(saved);
    expect(items.map((i) => [i.key, i.orderInDay])).toEqual([
      ['i1', 1],
      ['i2', 2],
    ]);
    expect(items[1]).toMatchObject({ tip: null, customTitle: 'Lunch', customPlaceName: 'Market' });
  });
});
