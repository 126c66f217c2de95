import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Country } from '@common/lists/countries';
import { geoArea, geoBounds, geoCentroid, geoContains } from 'd3-geo';
import type { Geometry, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { countryOfNumeric } from './territories';

/** Rings searched around a point in the sea: about 3, 6 and 12 km. */
const COAST_STEPS_DEGREES = [0.03, 0.06, 0.12];
/** Eight directions, diagonals on the unit circle. */
const RING = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [0.7, 0.7],
  [0.7, -0.7],
  [-0.7, 0.7],
  [-0.7, -0.7],
] as const;

interface CountryShape {
  country: Country;
  shape: Polygon;
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Natural Earth's 1:50m country shapes (world-atlas), split into their polygons (France's overseas
 * departments, Russia's islands), each with its bounding box, so a lookup runs the spherical
 * point-in-polygon test only on the few polygons whose box holds the point (ADR 060).
 */
export class CountryShapes {
  private readonly points = new Map<Country, { latitude: number; longitude: number } | null>();

  constructor(private readonly shapes: readonly CountryShape[]) {}

  /**
   * Where a tip of this country whose place is unknown is drawn (issue 36, ADR 101): the centre
   * of the country's largest polygon (mainland France, not Réunion), or, when that centre falls
   * outside it (a bent country: Chile, Croatia, Vietnam), its inside point nearest the centre.
   * Null for a country without a shape (Tuvalu at 1:50m). Up to 0.6 s for one country (Vietnam's
   * grid): scripts/make-country-points.ts works them out once into country-points.ts.
   */
  pointOf(country: Country): { latitude: number; longitude: number } | null {
    const known = this.points.get(country);
    if (known !== undefined) return known;
    let largest: CountryShape | undefined;
    let largestArea = -1;
    for (const candidate of this.shapes) {
      if (candidate.country !== country) continue;
      const area = geoArea(candidate.shape);
      if (area > largestArea) [largest, largestArea] = [candidate, area];
    }
    const point = largest ? innerPoint(largest) : null;
    this.points.set(country, point);
    return point;
  }

  /**
   * The country whose shape holds the point, or null (the sea, Antarctica, a place outside our list).
   * At 1:50m a coastline is off by a few kilometres, and 3 % of GeoNames' cities (Lisbon, Rio, New
   * York) fall in the sea: a point that no shape holds takes the land found within COAST_STEPS_DEGREES
   * of it, the nearest ring first, the most hits of the ring winning.
   */
  countryAt(latitude: number, longitude: number): Country | null {
    const exact = this.shapeAt(latitude, longitude);
    if (exact) return exact;
    for (const step of COAST_STEPS_DEGREES) {
      const hits = new Map<Country, number>();
      for (const [dLat, dLon] of RING) {
        const lat = latitude + dLat * step;
        const lon = wrapLongitude(longitude + (dLon * step) / Math.max(Math.cos((latitude * Math.PI) / 180), 0.2));
        const country = Math.abs(lat) <= 90 ? this.shapeAt(lat, lon) : null;
        if (country) hits.set(country, (hits.get(country) ?? 0) + 1);
      }
      const best = [...hits].sort((a, b) => b[1] - a[1])[0];
      if (best) return best[0];
    }
    return null;
  }

  private shapeAt(latitude: number, longitude: number): Country | null {
    for (const candidate of this.shapes) {
      if (holdsInBox(candidate, latitude, longitude) && geoContains(candidate.shape, [longitude, latitude])) {
        return candidate.country;
      }
    }
    return null;
  }
}

export async function loadCountryShapes(): Promise<CountryShapes> {
  const file = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
  const topology = JSON.parse(await readFile(file, 'utf8')) as Topology<{ countries: GeometryCollection }>;
  const shapes: CountryShape[] = [];
  for (const shape of feature(topology, topology.objects.countries).features) {
    const country = typeof shape.id === 'string' ? countryOfNumeric(shape.id) : null;
    if (!country) continue;
    for (const polygon of polygonsOf(shape.geometry)) {
      const [[west, south], [east, north]] = geoBounds(polygon);
      shapes.push({ country, shape: polygon, west, south, east, north });
    }
  }
  // Smallest box first: an enclave (Lesotho, San Marino, Vatican City) is found before the country
  // around it, should the larger shape's hole ever miss a point by a rounding error.
  shapes.sort((a, b) => boxArea(a) - boxArea(b));
  return new CountryShapes(shapes);
}

/** Cells of the grid laid over a polygon's box when its centre is outside it. */
const GRID = 32;

function innerPoint(box: CountryShape): { latitude: number; longitude: number } {
  const [longitude, latitude] = geoCentroid(box.shape);
  if (geoContains(box.shape, [longitude, latitude])) return { latitude, longitude };
  const width = box.west <= box.east ? box.east - box.west : 360 - box.west + box.east;
  const cos = Math.max(Math.cos((latitude * Math.PI) / 180), 0.2);
  let best: { latitude: number; longitude: number } | undefined;
  let bestDistance = Infinity;
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      const lat = box.south + ((i + 0.5) / GRID) * (box.north - box.south);
      const lon = wrapLongitude(box.west + ((j + 0.5) / GRID) * width);
      if (!geoContains(box.shape, [lon, lat])) continue;
      const dLon = Math.abs(lon - longitude) > 180 ? 360 - Math.abs(lon - longitude) : lon - longitude;
      const distance = (lat - latitude) ** 2 + (dLon * cos) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [{ latitude: lat, longitude: lon }, distance];
    }
  }
  return best ?? { latitude, longitude };
}

function polygonsOf(geometry: Geometry | null): Polygon[] {
  if (geometry?.type === 'Polygon') return [geometry];
  if (geometry?.type === 'MultiPolygon') return geometry.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
  return [];
}

function holdsInBox(box: CountryShape, latitude: number, longitude: number): boolean {
  if (latitude < box.south || latitude > box.north) return false;
  // geoBounds gives west > east for a shape across the antimeridian (Fiji, Russia, Kiribati).
  return box.west <= box.east ? longitude >= box.west && longitude <= box.east : longitude >= box.west || longitude <= box.east;
}

function wrapLongitude(longitude: number): number {
  if (longitude > 180) return longitude - 360;
  return longitude < -180 ? longitude + 360 : longitude;
}

function boxArea(box: CountryShape): number {
  const width = box.west <= box.east ? box.east - box.west : 360 - box.west + box.east;
  return width * (box.north - box.south);
}
