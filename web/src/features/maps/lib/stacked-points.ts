import type { MapPoint } from '@common/schemas/map';

/** Tips at exactly one spot (a city's centre, say): one marker, whose card lists them all. */
export interface PointStack {
  key: string;
  latitude: number;
  longitude: number;
  points: MapPoint[];
}

/** The points grouped by their coordinates, in the order the server gave them. */
export function stackPoints(points: readonly MapPoint[]): PointStack[] {
  const stacks = new Map<string, PointStack>();
  for (const point of points) {
    const key = `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`;
    const stack = stacks.get(key);
    if (stack) stack.points.push(point);
    else stacks.set(key, { key, latitude: point.latitude, longitude: point.longitude, points: [point] });
  }
  return [...stacks.values()];
}
