/**
 * Coordinates for the generator's places (words.PLACES): a named city's from the gazetteer; the
 * tail's 'Old Town' of each other country at that country's most populous city, so every
 * generated tip has a place, as a tip of a known city would (ADR 061).
 */
import { findCity } from '@server/modules/maps/gazetteer';
import { parseCityLine, readCitiesFile } from '@server/modules/maps/gazetteer/geonames';
import type { PlaceCoordinates } from './content';
import { PLACES } from './word-lists';

async function largestCities(): Promise<Map<string, { latitude: number; longitude: number; population: number }>> {
  const largest = new Map<string, { latitude: number; longitude: number; population: number }>();
  for (const line of (await readCitiesFile()).split('\n')) {
    const city = parseCityLine(line);
    if (city && city.population > (largest.get(city.country)?.population ?? -1)) largest.set(city.country, city);
  }
  return largest;
}

export async function placeCoordinates(): Promise<PlaceCoordinates> {
  const largest = await largestCities();
  return Promise.all(
    PLACES.map(async ([country, city]) => {
      const place = (await findCity(country, city)) ?? largest.get(country);
      return place ? { latitude: place.latitude, longitude: place.longitude } : null;
    }),
  );
}
