import { parseMapsLink, type MapsProvider } from './maps-url';

export interface LinkCoordinates {
  latitude: number;
  longitude: number;
}

/**
 * Decimal degrees as the maps services write them. A decimal point is required (ADR 058): a
 * whole-number pair such as "12,34" is a street number more often than a place, and a whole
 * degree (about 111 km) is not an exact position anyway.
 */
const DEGREES = String.raw`-?\d{1,3}\.\d+`;
const DEGREES_ONLY = new RegExp(`^${DEGREES}$`);
const PLACE_IN_DATA = new RegExp(`!3d(${DEGREES})!4d(${DEGREES})`, 'g');
const VIEWPORT_CENTRE = new RegExp(`^@(${DEGREES}),(${DEGREES})(?:,|$)`);
const ZOOM = /^\d{1,2}(?:\.\d+)?$/;

/** Checked, then rounded to 6 decimals (about 0.1 m); 0,0 is a map's "unset", not a place. */
function coordinates(latitudeText = '', longitudeText = ''): LinkCoordinates | null {
  if (!DEGREES_ONLY.test(latitudeText) || !DEGREES_ONLY.test(longitudeText)) return null;
  const latitude = Number(latitudeText);
  const longitude = Number(longitudeText);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const rounded = { latitude: round(latitude), longitude: round(longitude) };
  return rounded.latitude === 0 && rounded.longitude === 0 ? null : rounded;
}

function round(degrees: number): number {
  return Number(degrees.toFixed(6)) + 0; // + 0 turns -0 into 0
}

/** "lat,lng", "lat, lng", "lat+lng" or "loc:lat lng", and nothing else around them. */
function pairOf(text: string | null | undefined): LinkCoordinates | null {
  if (!text) return null;
  const parts = text
    .replace(/^loc:/i, '')
    .replaceAll('+', ' ')
    .trim()
    .split(/\s*,\s*|\s+/);
  return parts.length === 2 ? coordinates(parts[0], parts[1]) : null;
}

/** The first of the named query parameters that holds a pair, in the order given. */
function firstPairParam(params: URLSearchParams, names: readonly string[]): LinkCoordinates | null {
  for (const name of names) {
    const found = pairOf(params.get(name));
    if (found) return found;
  }
  return null;
}

function pathSegments(url: URL): string[] {
  const segments = url.pathname.split('/').slice(1).map(decodeSegment);
  if (segments.at(-1) === '') segments.pop(); // a trailing slash, not an empty stop
  return segments;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// Google: the place's own position (!3d!4d in data=, q, query, a destination) wins over the
// map's viewport (ll, center, @), which for a place link sits a little beside it.
const GOOGLE_PLACE_PARAMS = ['q', 'query', 'destination', 'daddr', 'viewpoint'];
const GOOGLE_VIEWPORT_PARAMS = ['ll', 'center', 'sll'];

function fromGoogle(url: URL): LinkCoordinates | null {
  const segments = pathSegments(url);
  if (segments[0] === 'maps') segments.shift();
  const [action, ...rest] = segments;
  const isDirections = action === 'dir';
  const place = placeInData(segments) ?? firstPairParam(url.searchParams, GOOGLE_PLACE_PARAMS) ?? placeInPath(action, rest);
  // A route's viewport is somewhere between its stops: no place of the tip.
  if (place || isDirections) return place;
  return firstPairParam(url.searchParams, GOOGLE_VIEWPORT_PARAMS) ?? viewportCentre(segments);
}

function placeInData(segments: string[]): LinkCoordinates | null {
  const data = segments.find((segment) => segment.startsWith('data='));
  const last = data ? [...data.matchAll(PLACE_IN_DATA)].at(-1) : undefined;
  return last ? coordinates(last[1], last[2]) : null;
}

/** /place/<pair>, /search/<pair>, or the last stop (the destination) of /dir/<a>/<b>. */
function placeInPath(action: string | undefined, rest: string[]): LinkCoordinates | null {
  const end = rest.findIndex((segment) => segment.startsWith('@') || segment.startsWith('data='));
  const stops = end === -1 ? rest : rest.slice(0, end);
  if (action === 'dir') return pairOf(stops.at(-1));
  return action === 'place' || action === 'search' ? pairOf(stops[0]) : null;
}

function viewportCentre(segments: string[]): LinkCoordinates | null {
  for (const segment of segments) {
    const match = VIEWPORT_CENTRE.exec(segment);
    if (match) return coordinates(match[1], match[2]);
  }
  return null;
}

// Apple: a pin (coordinate, q, ll beside a name) before a direction's end and a search's area.
const APPLE_PARAMS = ['coordinate', 'q', 'll', 'daddr', 'destination', 'sll', 'near', 'center'];

function fromApple(url: URL): LinkCoordinates | null {
  return firstPairParam(url.searchParams, APPLE_PARAMS);
}

// OpenStreetMap: the marker (mlat/mlon) before a route's end, a search, and the viewport (#map=).
function fromOpenStreetMap(url: URL): LinkCoordinates | null {
  const params = url.searchParams;
  return (
    coordinates(params.get('mlat') ?? '', params.get('mlon') ?? '') ??
    pairOf(params.get('route')?.split(';').at(-1)) ??
    pairOf(params.get('query')) ??
    mapFragment(new URLSearchParams(url.hash.slice(1)).get('map'))
  );
}

/** #map=zoom/lat/lng */
function mapFragment(value: string | null): LinkCoordinates | null {
  const parts = value?.split('/') ?? [];
  return parts.length === 3 && ZOOM.test(parts[0] ?? '') ? coordinates(parts[1], parts[2]) : null;
}

const READERS: Record<MapsProvider, (url: URL) => LinkCoordinates | null> = {
  google: fromGoogle,
  googleShortLink: () => null, // known only after a redirect, which Waymark never asks for (docs/product.md#nothing-leaves-the-origin)
  apple: fromApple,
  openstreetmap: fromOpenStreetMap,
};

/** The place a maps link points at, read from the link alone; null when the link does not say. */
export function coordinatesFromMapsLink(url: string): LinkCoordinates | null {
  const link = parseMapsLink(url);
  return link ? READERS[link.provider](link.url) : null;
}
