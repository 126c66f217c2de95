/**
 * The offline gazetteer (issue 22, ADR 059): a tip's country and city -> coordinates, from GeoNames'
 * cities of 1,000+ people, and a point -> the country whose Natural Earth shape holds it (ADR 060).
 * Both data sets load on first use (or on warmGazetteer()), never at import: a server that never
 * asks pays nothing, and the tests that import this module start fast.
 */
import { type Country, isCountry } from '@common/lists/countries';
import type { Gazetteer } from '../tip-locator';
import type { CityIndex, GazetteerPlace } from './city-index';
import type { CountryShapes } from './country-shapes';
import { loadCityIndex } from './load-city-index';
import { loadCountryShapes } from './country-shapes';
import { COUNTRY_POINTS } from './country-points';

export type { GazetteerPlace } from './city-index';

let cityIndex: Promise<CityIndex> | undefined;
let countryShapes: Promise<CountryShapes> | undefined;

/** Once per process; a failed load is forgotten so the next call tries again. */
function cities(): Promise<CityIndex> {
  return (cityIndex ??= loadCityIndex().catch((error: unknown) => {
    cityIndex = undefined;
    throw error;
  }));
}

function shapes(): Promise<CountryShapes> {
  return (countryShapes ??= loadCountryShapes().catch((error: unknown) => {
    countryShapes = undefined;
    throw error;
  }));
}

/**
 * The city a member means by `city` in `country` (a name of our COUNTRIES list), or null.
 * Case, accents and punctuation do not count; "Portland, Oregon" falls back to "Portland".
 */
export async function findCity(country: string, city: string): Promise<GazetteerPlace | null> {
  if (!isCountry(country)) return null;
  const index = await cities();
  const whole = index.find(country, city);
  if (whole) return whole;
  const comma = city.indexOf(',');
  return comma > 0 ? (index.find(country, city.slice(0, comma)) ?? null) : null;
}

/**
 * Where a tip of `country` is drawn when nothing names its place (issue 36, ADR 101): a point
 * inside the country, from the table scripts/make-country-points.ts writes (no data set to load,
 * no shape to search per request). Null only for a name outside our country list.
 */
export function countryPoint(country: string): Promise<{ latitude: number; longitude: number } | null> {
  if (!isCountry(country)) return Promise.resolve(null);
  const [latitude, longitude] = COUNTRY_POINTS[country];
  return Promise.resolve({ latitude, longitude });
}

/** Loads both data sets now (about 1 s of work in slices): the server calls it after listen. */
export async function warmGazetteer(): Promise<void> {
  await Promise.all([cities(), shapes()]);
}

/**
 * The country (our list's name) whose Natural Earth shape holds the point, or null (sea, or a country not in the list).
 * A point a few km off a 1:50m coastline counts as the land next to it (Lisbon, Rio); a dependent
 * territory as its sovereign (Hong Kong is China); Taiwan, Kosovo and Western Sahara are null.
 */
export async function countryAt(latitude: number, longitude: number): Promise<Country | null> {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    return null;
  }
  return (await shapes()).countryAt(latitude, longitude);
}

/** The gazetteer the locator and the guide map use (tip-locator.ts), unless a test brings its own. */
export const offlineGazetteer: Gazetteer = { findCity, countryAt, countryPoint };
