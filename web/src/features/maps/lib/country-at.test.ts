import { describe, expect, it } from 'vitest';
import atlas from 'world-atlas/countries-50m.json';
import { type CountriesTopology, toCountries } from './countries';
import { countryAt } from './country-at';

describe('countryAt (Natural Earth 1:50m)', () => {
  const countries = toCountries(atlas as unknown as CountriesTopology);

  it('finds the country of a city, a microstate included', () => {
    expect(countryAt(countries, 48.86, 2.35)).toBe('France');
    expect(countryAt(countries, 35.68, 139.69)).toBe('Japan');
    // Inside 1:50m's Monaco: its few points miss the harbour.
    expect(countryAt(countries, 43.75, 7.41)).toBe('Monaco');
  });

  it('finds a country across the antimeridian, on either copy of the world', () => {
    expect(countryAt(countries, -17.8, 178.0)).toBe('Fiji');
    expect(countryAt(countries, 66, -171)).toBe('Russia');
    expect(countryAt(countries, 66, -171 + 360)).toBe('Russia');
    expect(countryAt(countries, 55.75, 37.62)).toBe('Russia');
  });

  it('says null at sea', () => {
    expect(countryAt(countries, 30, -40)).toBeNull();
  });

  it('drops Antarctica and draws no stroke across the map', () => {
    expect(countries.features.some((f) => f.id === '010')).toBe(false);
    for (const f of countries.features) {
      const rings = f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat();
      for (const ring of rings)
        ring.slice(1).forEach(([lng = 0], i) => expect(Math.abs(lng - (ring[i]?.[0] ?? 0))).toBeLessThan(180));
    }
  });
});
