import { describe, expect, it } from 'vitest';
import { searchWindowOf, searchWindowsFor } from './search-window';

describe('searchWindowOf', () => {
  it('tags every word with each month of the window, newest first, the last word as a beginning', () => {
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

describe('searchWindowsFor', () => {
  const now = new Date('2026-11-30T23:30:00Z');

  it("gives a window to the tables searched `recent` only; a first page's reaches a day ahead of now", () => {
    const windows = searchWindowsFor({ tip: { plan: 'recent', months: 6 }, guide: { plan: 'gather' } }, ['axolotl'], null, now);
    expect(windows.guide).toBeUndefined();
    expect(windows.tip?.since).toBe('2026-06-01T00:00:00.000Z');
    expect(windows.tip?.query.startsWith("('|202612|axolotl':*) | ('|202611|axolotl':*)")).toBe(true);
    expect(windows.tip?.query.split(' | ')).toHaveLength(7);
  });

  it("ends a later page's window with its cursor's month", () => {
    const cursor = { createdAt: '2026-03-10 08:00:00.123456+00', id: '00000000-0000-4000-8000-000000000000' };
    const windows = searchWindowsFor({ tip: { plan: 'recent', months: 6 }, guide: { plan: 'walk' } }, ['axolotl'], cursor, now);
    expect(windows.tip).toEqual(searchWindowOf(['axolotl'], 6, new Date('2026-03-10T08:00:00Z')));
    expect(windows.guide).toBeUndefined();
  });
});
