/**
 * Geometry of the guide and tip maps (issue 22), pure so it is unit-tested: the box a map fits,
 * and each day's line through its numbered stops.
 */
import type { Coordinates, GuideMap } from '@common/schemas/map';

/** [[south, west], [north, east]], as BaseMap's `bounds` takes them. */
export type Box = [[number, number], [number, number]];
/** [latitude, longitude], as Leaflet takes a position. */
export type Position = [number, number];

type Day = GuideMap['days'][number];

/** A lone point is shown with this much around it (degrees each way): a city and its region. */
export const LONE_POINT_SPAN = 0.5;
/**
 * Several stops get at least this much around them: stops a few streets apart (the Eiffel Tower
 * and the Louvre) must not sit on each other. The base map's highest zoom caps it anyway.
 */
export const ROUTE_MIN_SPAN = 0.01;
/** A share of the box's size added on each side, so no marker sits on the map's edge. */
const MARGIN = 0.15;

/**
 * Longitudes made continuous along a route: a step of more than 180 degrees (Fiji to Samoa) goes
 * the short way round, past ±180, instead of across the whole map.
 */
export function unwrapLongitudes(points: readonly Coordinates[]): Position[] {
  let previous: number | undefined;
  return points.map(({ latitude, longitude }) => {
    let lng = longitude;
    if (previous !== undefined) {
      while (lng - previous > 180) lng -= 360;
      while (previous - lng > 180) lng += 360;
    }
    previous = lng;
    return [latitude, lng];
  });
}

/** The box around these positions with a margin; a lone point gets LONE_POINT_SPAN around it. */
export function boxAround(positions: readonly Position[], loneSpan = LONE_POINT_SPAN): Box | undefined {
  if (positions.length === 0) return undefined;
  const lats = positions.map(([lat]) => lat);
  const lngs = positions.map(([, lng]) => lng);
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const latPad = Math.max((north - south) * MARGIN, loneSpan - (north - south) / 2, 0);
  const lngPad = Math.max((east - west) * MARGIN, loneSpan - (east - west) / 2, 0);
  return [
    [Math.max(-85, south - latPad), west - lngPad],
    [Math.min(85, north + latPad), east + lngPad],
  ];
}

/** One line per day through its stops in their order, plus the box of every stop shown. */
export function routeOf(days: readonly Day[]): { lines: { dayNumber: number; positions: Position[] }[]; box: Box | undefined } {
  // One unwrapping over all the days, so days on both sides of the antimeridian stay side by side.
  const all = unwrapLongitudes(days.flatMap((day) => day.stops));
  let offset = 0;
  const lines = days.map((day) => {
    const positions = all.slice(offset, offset + day.stops.length);
    offset += day.stops.length;
    return { dayNumber: day.dayNumber, positions };
  });
  return { lines, box: boxAround(all, all.length > 1 ? ROUTE_MIN_SPAN : LONE_POINT_SPAN) };
}

/** What a stop's marker says: its number, and its day when the map shows several. */
export function stopLabel(dayNumber: number, number: number, title: string, isWholeTrip: boolean): string {
  return isWholeTrip ? `Day ${dayNumber}, stop ${number}: ${title}` : `Stop ${number}: ${title}`;
}
