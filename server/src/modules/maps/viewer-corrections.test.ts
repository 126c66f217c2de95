import { describe, expect, it } from 'vitest';
import { cellCode, storedShift } from './map-grid';
import type { Correction, CorrectionRow } from './viewer-changes';
import { createViewerCorrections, groupedChanges } from './viewer-corrections';

/** A stored map_cell (level 24) inside the level-4 cell (x, y). */
const inCell = (x: number, y: number, within = 0n) => (cellCode(x, y) << BigInt(storedShift(4))) + within;
const row = (cell: bigint, c: Partial<CorrectionRow>): CorrectionRow => ({
  cell,
  latitude: 1,
  longitude: 2,
  country: 'Portugal',
  id: null,
  ...c,
});

describe('groupedChanges', () => {
  const rows = [
    row(inCell(2, 3), { latitude: 10, longitude: 20 }),
    row(inCell(2, 3, 5n), { id: 'b', latitude: 1, longitude: 1 }),
    row(inCell(2, 3, 9n), { id: 'a', latitude: 3, longitude: 3 }),
    row(inCell(7, 1), { id: 'c', country: 'Spain' }),
  ];

  it("sums each level's cell: removed and added tips apart, the lowest added id", () => {
    const changes = groupedChanges(rows, storedShift(4), undefined);
    expect(changes).toContainEqual({
      x: 2,
      y: 3,
      removed: 1,
      removedLatitude: 10,
      removedLongitude: 20,
      added: 2,
      addedLatitude: 4,
      addedLongitude: 4,
      addedId: 'a',
    });
    expect(changes.map((c) => [c.x, c.y])).toEqual([
      [2, 3],
      [7, 1],
    ]);
  });

  it('keeps one country when asked', () => {
    expect(groupedChanges(rows, storedShift(4), 'Spain')).toEqual([
      expect.objectContaining({ x: 7, y: 1, added: 1, addedId: 'c' }),
    ]);
  });
});

describe('createViewerCorrections', () => {
  const correction = (epoch: string, nextExpiry = Infinity): Correction => ({
    epoch,
    nextExpiry,
    rows: [row(inCell(2, 3), { id: 'a' })],
  });

  it('answers only for the epoch it was read at', () => {
    const kept = createViewerCorrections();
    kept.keep('v', correction('7'));
    expect(kept.changes('v', '7', storedShift(4), undefined)).toHaveLength(1);
    expect(kept.changes('v', '8', storedShift(4), undefined)).toBeNull();
    // A newer epoch drops the entry: the older one is not trusted again.
    expect(kept.changes('v', '7', storedShift(4), undefined)).toBeNull();
  });

  it('never outlives the soonest suspension end, nor ten idle minutes', () => {
    let now = 1_000;
    const kept = createViewerCorrections(() => now);
    kept.keep('v', correction('1', 5_000));
    kept.keep('w', correction('1'));
    now = 4_999;
    expect(kept.changes('v', '1', storedShift(4), undefined)).not.toBeNull();
    now = 5_000;
    expect(kept.changes('v', '1', storedShift(4), undefined)).toBeNull();
    now = 1_000 + 10 * 60_000;
    expect(kept.changes('w', '1', storedShift(4), undefined)).toBeNull();
  });

  it('forgets the least recently used viewer beyond 5,000', () => {
    const kept = createViewerCorrections();
    for (let i = 0; i < 5_000; i++) kept.keep(`v${i}`, correction('1'));
    expect(kept.changes('v0', '1', storedShift(4), undefined)).not.toBeNull();
    kept.keep('new', correction('1'));
    expect(kept.size()).toBe(5_000);
    expect(kept.changes('v1', '1', storedShift(4), undefined), 'the least recently used').toBeNull();
    expect(kept.changes('v0', '1', storedShift(4), undefined), 'read just before').not.toBeNull();
  });
});
