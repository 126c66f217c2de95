/**
 * GET /api/map/tips (issue 22, ADR 062, 084): the tips in a map's box as clusters and points, as
 * the viewer may see them: Explore's public half with its search and country filter, less the
 * tips of members hidden from the viewer (blocked either way, suspended), plus their
 * connections' connections-only tips. Never a private tip, as a point or inside a count.
 */
import type { MapCluster, MapPoint, MapQuery, MapTips } from '@common/schemas/map';
import type { Database } from '@db/client';
import { type ContentFilter, filterOf } from '../content/content-filter';
import { cellBounds, cellOfCode, storedRange, storedShift } from './map-grid';
import { type MapView, coveringRanges, mapViewOf } from './map-view';
import { viewerCellChanges, viewerCorrection } from './map-viewer.repository';
import type { CellChange } from './viewer-changes';
import * as repo from './map.repository';
import { locationOf } from './tip-location';
import { viewerCells } from './viewer-cells';
import { MAX_CACHED_ROWS, type ViewerCorrections, createViewerCorrections, groupedChanges } from './viewer-corrections';

const EMPTY: MapTips = { total: 0, clusters: [], points: [] };
/** From this level on (zoom 17+) every tip is a point, up to POINTS_CAP; beyond it, clusters. */
const ALL_POINTS_LEVEL = 19;
export const POINTS_CAP = 500;

function toPoint(row: repo.PointRow): MapPoint | null {
  const location = locationOf({ latitude: row.latitude, longitude: row.longitude, locationPrecision: row.precision });
  if (!location) return null;
  const { id, title, country, city, rating, photoUrl, likesCount } = row;
  return { id, title, country, city, rating, photoUrl, likesCount, ...location };
}

const toCluster = (level: number, cell: repo.CellRow): MapCluster => ({
  latitude: cell.latitude,
  longitude: cell.longitude,
  count: cell.count,
  bounds: cellBounds(level, cell.x, cell.y),
});

function result(level: number, cells: repo.CellRow[], points: repo.PointRow[]): MapTips {
  const clusters = cells.filter((c) => c.count > 1).map((c) => toCluster(level, c));
  return {
    total: cells.reduce((n, c) => n + c.count, 0),
    clusters,
    points: points.flatMap((p) => toPoint(p) ?? []),
  };
}

export function createMapService(deps: { db: Database; corrections?: ViewerCorrections; maxCachedRows?: number }) {
  const { db, maxCachedRows = MAX_CACHED_ROWS } = deps;
  const corrections = deps.corrections ?? createViewerCorrections();

  /**
   * What the viewer's map differs by from the stored cells: kept while the epoch holds (ADR 097),
   * else read for the whole world and kept; read per view when it is too long to keep.
   */
  async function changesFor(viewerId: string, epoch: string, view: MapView, country: string | undefined): Promise<CellChange[]> {
    const shift = storedShift(view.level);
    const kept = corrections.changes(viewerId, epoch, shift, country);
    if (kept) return kept;
    const correction = await viewerCorrection(db, viewerId, maxCachedRows);
    if (correction.rows.length > maxCachedRows) {
      return viewerCellChanges(db, viewerId, shift, coveringRanges(view), country);
    }
    corrections.keep(viewerId, correction);
    return groupedChanges(correction.rows, shift, country);
  }

  /** Without a search: the cells kept by the triggers, corrected for the viewer, then each lone tip. */
  async function fromStoredCells(viewerId: string, view: MapView, country: string | undefined): Promise<MapTips> {
    const stored = await repo.storedCells(db, view, country);
    const changes = await changesFor(viewerId, stored.epoch, view, country);
    const cells = viewerCells(view, stored.cells, changes);
    const single = cells.filter((c) => c.count === 1 && c.onlySharedId === null).map((c) => storedRange(view.level, c.x, c.y));
    const [publicPoints, sharedPoints] = await Promise.all([
      repo.singleTips(
        db,
        viewerId,
        single.map(([low]) => low),
        single.map(([, high]) => high),
        country,
      ),
      repo.pointsByIds(
        db,
        viewerId,
        cells.flatMap((c) => c.onlySharedId ?? []),
      ),
    ]);
    return result(view.level, cells, [...publicPoints, ...sharedPoints]);
  }

  /** Searches: the matching tips in the box grouped into the level's cells. */
  async function searched(viewerId: string, view: MapView, filter: ContentFilter): Promise<MapTips> {
    const groups = await repo.searchedCells(db, viewerId, view, storedShift(view.level), filter);
    const cells = groups.map((g) => ({
      ...cellOfCode(BigInt(g.code)),
      count: g.count,
      latitude: g.latitude,
      longitude: g.longitude,
    }));
    const points = await repo.pointsByIds(
      db,
      viewerId,
      groups.filter((g) => g.count === 1).map((g) => g.onlyId),
    );
    return result(view.level, cells, points);
  }

  /** The deepest zooms: every tip a point while they are few (tips at one spot never split). */
  async function allPoints(viewerId: string, view: MapView, filter: ContentFilter): Promise<MapTips | null> {
    const area = { ...view, ...coveringRanges(view) };
    const ids = await repo.tipIdsInBox(db, viewerId, area, filter, POINTS_CAP + 1);
    if (ids.length > POINTS_CAP) return null;
    const points = (await repo.pointsByIds(db, viewerId, ids)).flatMap((p) => toPoint(p) ?? []);
    return { total: points.length, clusters: [], points };
  }

  async function tips(viewerId: string, query: MapQuery): Promise<MapTips> {
    const filter = filterOf({ kind: 'public' }, query);
    if (!filter) return EMPTY;
    const view = mapViewOf(query);
    const points = view.level >= ALL_POINTS_LEVEL ? await allPoints(viewerId, view, filter) : null;
    if (points) return points;
    return filter.search ? searched(viewerId, view, filter) : fromStoredCells(viewerId, view, filter.country);
  }

  return { tips };
}

export type MapService = ReturnType<typeof createMapService>;
