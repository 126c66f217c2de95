import { describe, expect, it } from 'vitest';
import type { MapView } from './map-view';
import type { CellChange } from './viewer-changes';
import { viewerCells } from './viewer-cells';
import { noChange } from './viewer-corrections';

const view: MapView = { level: 4, columns: [[2, 5]], rows: [3, 6], spans: [], south: 0, north: 0 };
const change = (x: number, y: number, c: Partial<CellChange>): CellChange => ({ ...noChange({ x, y }), ...c });

describe('viewerCells', () => {
  it("takes away hidden authors' tips, moving the mean, and drops a cell left empty", () => {
    const stored = [
      { x: 2, y: 3, count: 3, latitude: 10, longitude: 20 },
      { x: 3, y: 3, count: 1, latitude: 1, longitude: 1 },
    ];
    const cells = viewerCells(view, stored, [
      change(2, 3, { removed: 1, removedLatitude: 16, removedLongitude: 26 }),
      change(3, 3, { removed: 1, removedLatitude: 1, removedLongitude: 1 }),
    ]);
    expect(cells).toEqual([{ x: 2, y: 3, count: 2, latitude: 7, longitude: 17, onlySharedId: null }]);
  });

  it("adds a connection's tips; a cell whose one tip is added names it, a mixed one does not", () => {
    const stored = [{ x: 4, y: 4, count: 1, latitude: 2, longitude: 2 }];
    const cells = viewerCells(view, stored, [
      change(5, 6, { added: 1, addedLatitude: 5, addedLongitude: 6, addedId: 'a' }),
      change(4, 4, { added: 1, addedLatitude: 4, addedLongitude: 4, addedId: 'b' }),
    ]);
    expect(cells).toContainEqual({ x: 5, y: 6, count: 1, latitude: 5, longitude: 6, onlySharedId: 'a' });
    expect(cells).toContainEqual({ x: 4, y: 4, count: 2, latitude: 3, longitude: 3, onlySharedId: null });
  });

  it('a lone tip is the added one only when no public tip is left (else found by its range)', () => {
    const stored = [{ x: 2, y: 4, count: 2, latitude: 0, longitude: 0 }];
    const cells = viewerCells(view, stored, [change(2, 4, { removed: 2, added: 1, addedId: 'c' })]);
    expect(cells[0]?.onlySharedId).toBe('c');
    const mixed = viewerCells(view, stored, [change(2, 4, { removed: 1 })]);
    expect(mixed[0]).toMatchObject({ count: 1, onlySharedId: null });
  });

  it('ignores changes in cells outside the view (the statement reads one span per member)', () => {
    expect(viewerCells(view, [], [change(9, 9, { added: 1, addedId: 'z' }), change(2, 7, { added: 1 })])).toEqual([]);
  });
});
