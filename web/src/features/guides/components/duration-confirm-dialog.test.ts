import { describe, expect, it } from 'vitest';
import { droppedItemsText } from './duration-confirm-dialog';

describe('droppedItemsText', () => {
  it('names how many items go from which days', () => {
    expect(droppedItemsText({ count: 1, days: [{ dayNumber: 4, count: 1 }] })).toBe('1 item on day 4');
    expect(
      droppedItemsText({
        count: 3,
        days: [
          { dayNumber: 2, count: 1 },
          { dayNumber: 3, count: 2 },
        ],
      }),
    ).toBe('1 item on day 2 and 2 items on day 3');
    expect(
      droppedItemsText({
        count: 6,
        days: [
          { dayNumber: 2, count: 1 },
          { dayNumber: 3, count: 2 },
          { dayNumber: 5, count: 3 },
        ],
      }),
    ).toBe('1 item on day 2, 2 items on day 3 and 3 items on day 5');
  });
});
