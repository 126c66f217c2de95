/**
 * The figures of ADR 059 and 060: time of the first lookups (the data loads then), heap kept after
 * a full GC, time of one lookup, and how many GeoNames cities countryAt puts in their own country.
 * Wall times depend on what else the machine runs; CPU time less so.
 * Run: node --expose-gc --import tsx bench/gazetteer.ts
 */
import { countryAt, findCity } from '@server/modules/maps/gazetteer';
import { loadCountryShapes } from '@server/modules/maps/gazetteer/country-shapes';
import { parseCityLine, readCitiesFile } from '@server/modules/maps/gazetteer/geonames';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
};

const heapBefore = heap();
const cpuBefore = process.cpuUsage();
const [mumbai, firstFind] = await timed(() => findCity('India', 'Bombay'));
const cpu = process.cpuUsage(cpuBefore);
const heapCities = heap();
const [, firstCountryAt] = await timed(() => countryAt(48.8566, 2.3522));
const heapShapes = heap();
const [, thousandFinds] = await timed(async () => {
  for (let i = 0; i < 1000; i++) await findCity('United States', 'Portland, Oregon');
});

const shapes = await loadCountryShapes();
const cities = (await readCitiesFile()).split('\n').flatMap((line) => parseCityLine(line) ?? []);
const [agree, allCountryAt] = await timed(() =>
  Promise.resolve(cities.filter((city) => shapes.countryAt(city.latitude, city.longitude) === city.country).length),
);

console.table({
  'first findCity (loads the cities), ms': firstFind.toFixed(0),
  'CPU time of that first findCity, ms': ((cpu.user + cpu.system) / 1000).toFixed(0),
  'cities index kept on the heap, MB': (heapCities - heapBefore).toFixed(1),
  'first countryAt (loads the shapes), ms': firstCountryAt.toFixed(0),
  'country shapes kept on the heap, MB': (heapShapes - heapCities).toFixed(1),
  'one findCity, ms': (thousandFinds / 1000).toFixed(4),
  'one countryAt (GeoNames cities), ms': (allCountryAt / cities.length).toFixed(3),
  'cities countryAt puts in their country': `${agree} of ${cities.length}`,
  'Bombay is': mumbai?.name,
});
