/**
 * A few places for API tests: the real gazetteer (GeoNames, ~1 s and tens of MB to load) is
 * tested on its own (server/src/modules/maps/gazetteer) and in e2e; other tests need only that
 * a tip's city places it. Countries are boxes here, not shapes; a country's point (ADR 101) is its
 * box's centre, else its first city here, as the real one gives every country of the list a point.
 */
import type { Gazetteer } from '../src/modules/maps/tip-locator';

export const TEST_CITIES: Record<string, { latitude: number; longitude: number }> = {
  'Portugal|Lisbon': { latitude: 38.71667, longitude: -9.13333 },
  'Portugal|Porto': { latitude: 41.14961, longitude: -8.61099 },
  'France|Paris': { latitude: 48.85341, longitude: 2.3488 },
  'France|Lyon': { latitude: 45.74846, longitude: 4.84671 },
  'Japan|Kyoto': { latitude: 35.02107, longitude: 135.75385 },
  'Japan|Tokyo': { latitude: 35.6895, longitude: 139.69171 },
  'Fiji|Suva': { latitude: -18.14161, longitude: 178.44149 },
  'Fiji|Taveuni': { latitude: -16.85, longitude: -179.95 },
};

const BOXES: { country: string; south: number; north: number; west: number; east: number }[] = [
  { country: 'Portugal', south: 36.9, north: 42.2, west: -9.6, east: -6.2 },
  { country: 'Spain', south: 36.0, north: 43.8, west: -6.2, east: 3.3 },
  { country: 'France', south: 42.3, north: 51.1, west: -4.8, east: 8.2 },
  { country: 'Japan', south: 30.0, north: 45.6, west: 129.4, east: 145.8 },
];

/** Where the stand-in draws a tip of a country whose place it does not know. */
export function testCountryPoint(country: string): { latitude: number; longitude: number } | null {
  const box = BOXES.find((b) => b.country === country);
  if (box) return { latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2 };
  const city = Object.entries(TEST_CITIES).find(([key]) => key.startsWith(`${country}|`));
  return city ? city[1] : null;
}

export const testGazetteer: Gazetteer = {
  countryPoint: (country) => Promise.resolve(testCountryPoint(country)),
  findCity: (country, city) => Promise.resolve(TEST_CITIES[`${country}|${city.trim()}`] ?? null),
  countryAt: (latitude, longitude) =>
    Promise.resolve(
      BOXES.find((b) => latitude >= b.south && latitude <= b.north && longitude >= b.west && longitude <= b.east)?.country ??
        null,
    ),
};
