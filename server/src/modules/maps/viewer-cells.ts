/**
 * The stored cells corrected for one viewer (ADR 084): each cell loses its tips by members hidden
 * from the viewer and gains its connections' connections-only tips. A cell left with no tip goes;
 * a cell left with one says where its point comes from: the public one (found by its range) or
 * the gained one (by id).
 */
import type { MapView } from './map-view';
import type { CellChange } from './viewer-changes';
import type { CellRow } from './map.repository';

export interface ViewerCell extends CellRow {
  /** The cell's one tip is a connection's, with this id (null: it is public, or the cell has more). */
  onlySharedId: string | null;
}

const inView = (view: MapView, x: number, y: number) =>
  y >= view.rows[0] && y <= view.rows[1] && view.columns.some(([first, last]) => x >= first && x <= last);

export function viewerCells(view: MapView, stored: CellRow[], changes: CellChange[]): ViewerCell[] {
  const cells = new Map<
    string,
    { x: number; y: number; count: number; latitudeSum: number; longitudeSum: number; public: number; sharedId: string | null }
  >();
  for (const c of stored) {
    cells.set(`${c.x}:${c.y}`, {
      x: c.x,
      y: c.y,
      count: c.count,
      latitudeSum: c.latitude * c.count,
      longitudeSum: c.longitude * c.count,
      public: c.count,
      sharedId: null,
    });
  }
  for (const change of changes) {
    const { x, y } = change;
    if (!inView(view, x, y)) continue;
    const key = `${x}:${y}`;
    const cell = cells.get(key) ?? { x, y, count: 0, latitudeSum: 0, longitudeSum: 0, public: 0, sharedId: null };
    cell.count += change.added - change.removed;
    cell.public -= change.removed;
    cell.latitudeSum += change.addedLatitude - change.removedLatitude;
    cell.longitudeSum += change.addedLongitude - change.removedLongitude;
    cell.sharedId = change.addedId;
    cells.set(key, cell);
  }
  return [...cells.values()]
    .filter((c) => c.count > 0)
    .map((c) => ({
      x: c.x,
      y: c.y,
      count: c.count,
      latitude: c.latitudeSum / c.count,
      longitude: c.longitudeSum / c.count,
      onlySharedId: c.count === 1 && c.public === 0 ? c.sharedId : null,
    }));
}
