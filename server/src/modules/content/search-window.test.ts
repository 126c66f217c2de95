import { describe, expect, it } from 'vitest';
import { searchWindowOf } from './search-window';

describe('searchWindowOf', () => {
  it("tags every word with each month of the window, newest first, the last word as a beginning", () => {
    expect(searchWindowOf(['old', 'tr'], 3, new Date('2026-11-25T04:00:00Z'))).toEqual({
      query: "('|202611|old' & '|202611|tr':*) | ('|202610|old' & '|202610|tr':*) | ('|202609|old' & '|202609|tr':*)",
      since: '2026-09-01T00:00:00.000Z',
    });
  });

  it('crosses years, and counts months in UTC', () => {
    // 23:30 on 31 January at UTC-1 is 00:30 on 1 February in UTC.
    expect(searchWindowOf(['axolotl'], 2, new Date('2026-01-31T23:30:00-01:00'))).toEqual({
      query: "('|202602|axolotl':*) | ('|202601|axolotl':*)",
      since: '2026-01-01T00:00:00.000Z',
    });
    expect(searchWindowOf(['axolotl'], 2, new Date('2026-01-15T00:00:00Z')).since).toBe('2025-12-01T00:00:00.000Z');
  });

  it('reaches up to a later month without moving where the window begins', () => {
    const window = searchWindowOf(['axolotl'], 1, new Date('2026-11-30T23:00:00Z'), new Date('2026-12-01T23:00:00Z'));
    expect(window).toEqual({ query: "('|202612|axolotl':*) | ('|202611|axolotl':*)", since: '2026-11-01T00:00:00.000Z' });
  });
});
