import type { LatLngBoundsExpression } from 'leaflet';

/** [[south, west], [north, east]], as BaseMap's `bounds` takes them. */
export type BoxCorners = [[number, number], [number, number]];

/** The inhabited world: Web Mercator cannot show the poles, and nobody tips there. */
export const WORLD_BOUNDS: BoxCorners = [
  [-58, -170],
  [78, 190],
];

export const toLeafletBounds = (corners: BoxCorners): LatLngBoundsExpression => corners;
