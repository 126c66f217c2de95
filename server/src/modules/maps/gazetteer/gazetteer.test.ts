import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '@common/lists/countries';
import { loadCountryShapes } from './country-shapes';
import { countryAt, countryPoint, findCity, warmGazetteer } from './index';
import { loadCityIndex } from './load-city-index';

// The real data (GeoNames' cities, Natural Earth's shapes), loaded once for the file.
beforeAll(() => warmGazetteer(), 60_000);

async function cityName(country: string, city: string): Promise<string | undefined> {
  return (await findCity(country, city))?.name;
}

describe('findCity', () => {
  it('matches with or without accents, either way round', async () => {
    const accented = await findCity('Brazil', 'São Paulo');
    expect(accented?.name).toBe('São Paulo');
    expect(await findCity('Brazil', 'Sao Paulo')).toEqual(accented);
    expect(await cityName('Japan', 'Kyōto')).toBe('Kyoto');
    expect(await cityName('Poland', 'Lodz')).toBe('Łódź');
    expect(await cityName('Turkey', 'İstanbul')).toBe('Istanbul');
  });

  it('ignores case and the punctuation around the name', async () => {
    expect(await cityName('Japan', 'KYOTO')).toBe('Kyoto');
    expect(await cityName('France', '  paris!  ')).toBe('Paris');
    expect(await cityName('Russia', 'St. Petersburg')).toBe('Saint Petersburg');
  });

  it('knows former and local names', async () => {
    expect(await cityName('India', 'Bombay')).toBe('Mumbai');
    expect(await cityName('China', 'Peking')).toBe('Beijing');
    expect(await cityName('Vietnam', 'Saigon')).toBe('Ho Chi Minh City');
    expect(await cityName('United States', 'New York')).toBe('New York City');
    expect(await cityName('Germany', 'MÜNCHEN')).toBe('Munich');
    expect(await cityName('Austria', 'Wien')).toBe('Vienna');
  });

  it('lets the country decide between places of the same name', async () => {
    const us = await findCity('United States', 'Springfield');
    const au = await findCity('Australia', 'Springfield');
    expect(us).toMatchObject({ country: 'United States' });
    expect(au).toMatchObject({ country: 'Australia' });
    // The most populous of the US Springfields is Missouri's (GeoNames: 166,810), south-west of Illinois'.
    expect(us?.longitude).toBeCloseTo(-93.3, 1);
    expect(au?.latitude).toBeLessThan(0);

    const paris = await findCity('France', 'Paris');
    const parisOntario = await findCity('Canada', 'Paris');
    expect(paris?.latitude).toBeCloseTo(48.85, 1);
    expect(parisOntario?.longitude).toBeCloseTo(-80.4, 1);
    expect(parisOntario?.population).toBeLessThan(paris?.population ?? 0);
  });

  it('accepts a city typed with its region or country', async () => {
    expect(await findCity('United States', 'Portland, Oregon')).toEqual(await findCity('United States', 'Portland'));
    expect(await cityName('Japan', 'Kyoto, Japan')).toBe('Kyoto');
  });

  it("counts a territory's cities as its sovereign's", async () => {
    expect(await cityName('China', 'Hong Kong')).toBe('Hong Kong');
  });

  it('returns null for an unknown city or a country outside the list', async () => {
    expect(await findCity('France', 'Atlantis')).toBeNull();
    expect(await findCity('France', '')).toBeNull();
    expect(await findCity('France', ' ,. ')).toBeNull();
    expect(await findCity('Narnia', 'Paris')).toBeNull();
    expect(await findCity('france', 'Paris')).toBeNull();
  });
});

describe('countryAt', () => {
  it.each([
    ['Paris', 48.8566, 2.3522, 'France'],
    ['Kyoto', 35.0116, 135.7681, 'Japan'],
    ['Rio de Janeiro (a coastal point 1:50m puts in the bay)', -22.9068, -43.1729, 'Brazil'],
    ['Maseru, in Lesotho inside South Africa', -29.31, 27.48, 'Lesotho'],
    ['Johannesburg', -26.2041, 28.0473, 'South Africa'],
    ['Singapore', 1.3521, 103.8198, 'Singapore'],
    ['San Marino, inside Italy', 43.9424, 12.4578, 'San Marino'],
    ['Fiji, east of the antimeridian (Taveuni)', -16.85, -179.95, 'Fiji'],
    ['Fiji, west of the antimeridian (Vanua Levu)', -16.5, 179.3, 'Fiji'],
    ['Chukotka, Russia east of the antimeridian', 66, -175, 'Russia'],
    ['Hong Kong, counted as China', 22.3193, 114.1694, 'China'],
  ])('%s -> %s', async (_place, latitude, longitude, country) => {
    expect(await countryAt(latitude, longitude)).toBe(country);
  });

  it.each([
    ['the middle of the Atlantic', 30, -40],
    ['50 km off Portugal', 38.7, -9.7],
    ['Antarctica', -80, 0],
    ['Taipei (Taiwan is not in the list)', 25.033, 121.5654],
    ['a latitude out of range', 91, 0],
    ['a longitude out of range', 0, 181],
  ])('%s -> null', async (_place, latitude, longitude) => {
    expect(await countryAt(latitude, longitude)).toBeNull();
  });
});

describe('countryPoint (issue 36, ADR 101)', () => {
  it('is the table the shapes and places give (scripts/make-country-points.ts)', async () => {
    const [shapes, cities] = await Promise.all([loadCountryShapes(), loadCityIndex()]);
    for (const country of ['Vietnam', 'Chile', 'France', 'Tuvalu', 'Portugal'] as const) {
      const point = shapes.pointOf(country) ?? cities.largest(country);
      expect(await countryPoint(country), country).toEqual({
        latitude: Number(point?.latitude.toFixed(4)),
        longitude: Number(point?.longitude.toFixed(4)),
      });
    }
  }, 60_000);

  it('gives every country of the list a point inside its own shape', async () => {
    const outside: string[] = [];
    for (const country of COUNTRIES) {
      const point = await countryPoint(country);
      if (!point) outside.push(`${country}: no point`);
      // Tuvalu has no 1:50m shape: its point is its largest place, Funafuti.
      else if (country !== 'Tuvalu' && (await countryAt(point.latitude, point.longitude)) !== country) {
        outside.push(
          `${country}: ${point.latitude}, ${point.longitude} is in ${await countryAt(point.latitude, point.longitude)}`,
        );
      }
    }
    expect(outside).toEqual([]);
  });

  it('draws a bent or scattered country on its mainland, a shapeless one at its largest place', async () => {
    // Chile's and Norway's centres of area lie outside them; France's overseas parts do not pull it.
    const france = await countryPoint('France');
    expect(france?.latitude).toBeGreaterThan(43);
    expect(france?.longitude).toBeGreaterThan(-1);
    expect(france?.longitude).toBeLessThan(6);
    expect(await countryAt(...coordinates(await countryPoint('Chile')))).toBe('Chile');
    expect(await countryAt(...coordinates(await countryPoint('Norway')))).toBe('Norway');
    expect((await countryPoint('Tuvalu'))?.latitude).toBeCloseTo((await findCity('Tuvalu', 'Funafuti'))?.latitude ?? 0, 1);
    expect(await countryPoint('Narnia')).toBeNull();
  });
});

function coordinates(point: { latitude: number; longitude: number } | null): [number, number] {
  return point ? [point.latitude, point.longitude] : [NaN, NaN];
}
