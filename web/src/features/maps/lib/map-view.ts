import type { MapQuery } from '@common/schemas/map';

/** What the map reports after a move: its box (Leaflet's, west/east may pass ±180) and zoom. */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

/** Coordinates rounded to this many decimals: a nudge of a few metres asks nothing new. */
const DECIMALS = 3;
const round = (value: number) => Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;

/**
 * The request for a view: a box wider than the world is the world, latitudes are clamped to what
 * the schema takes, the zoom is the whole level the server clusters by.
 */
export function viewQuery(view: MapView, filters: { q: string; country: string }): MapQuery {
  const isWholeWorld = view.east - view.west >= 360;
  return {
    west: isWholeWorld ? -180 : round(view.west),
    east: isWholeWorld ? 180 : round(view.east),
    south: Math.max(-90, round(view.south)),
    north: Math.min(90, round(view.north)),
    zoom: Math.min(20, Math.max(0, Math.floor(view.zoom))),
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.country ? { country: filters.country } : {}),
  };
}

/**
 * A longitude moved by whole turns into [west, east] when it fits there, so a marker shows on the
 * copy of the world the member is looking at (after panning across the antimeridian).
 */
export function lngInView(lng: number, west: number, east: number): number {
  const centre = (west + east) / 2;
  return lng + 360 * Math.round((centre - lng) / 360);
}
