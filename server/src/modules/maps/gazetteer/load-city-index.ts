import { CityIndex } from './city-index';
import { parseCityLine, readCitiesFile } from './geonames';

/** Lines parsed between two turns of the event loop: the build never blocks requests for long. */
const LINES_PER_SLICE = 4_000;

/** Reads GeoNames' cities and builds the index, yielding to the event loop as it goes (~1 s of work). */
export async function loadCityIndex(): Promise<CityIndex> {
  const text = await readCitiesFile();
  const index = new CityIndex();
  let start = 0;
  let lines = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    const city = parseCityLine(text.slice(start, stop));
    if (city) index.add(city);
    start = stop + 1;
    if (++lines % LINES_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return index;
}
