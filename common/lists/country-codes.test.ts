import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { COUNTRY_CODES, countryByIso2, countryByNumeric } from './country-codes';

// Natural Earth's 50m shapes leave out a few microstates; the world map cannot colour these.
const ABSENT_FROM_50M = ['Tuvalu'];

function naturalEarthIds(): Set<string> {
  const file = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
  const atlas = JSON.parse(readFileSync(file, 'utf8')) as {
    objects: { countries: { geometries: { id?: string }[] } };
  };
  return new Set(atlas.objects.countries.geometries.flatMap((g) => (g.id ? [g.id] : [])));
}

describe('COUNTRY_CODES', () => {
  it('gives every country a well-formed alpha-2 and 3-digit numeric code', () => {
    for (const country of COUNTRIES) {
      expect(COUNTRY_CODES[country].iso2, country).toMatch(/^[A-Z]{2}$/);
      expect(COUNTRY_CODES[country].numeric, country).toMatch(/^\d{3}$/);
    }
    expect(Object.keys(COUNTRY_CODES).sort()).toEqual([...COUNTRIES].sort());
  });

  it('never gives two countries the same code', () => {
    const codes = Object.values(COUNTRY_CODES);
    expect(new Set(codes.map((c) => c.iso2)).size).toBe(COUNTRIES.length);
    expect(new Set(codes.map((c) => c.numeric)).size).toBe(COUNTRIES.length);
  });

  it("matches a Natural Earth feature id for every country but the 50m map's missing microstates", () => {
    const ids = naturalEarthIds();
    const missing = COUNTRIES.filter((country) => !ids.has(COUNTRY_CODES[country].numeric));
    expect(missing).toEqual(ABSENT_FROM_50M);
  });

  it('holds the codes the issue names', () => {
    expect(COUNTRY_CODES.France).toEqual({ iso2: 'FR', numeric: '250' });
    expect(COUNTRY_CODES['United States']).toEqual({ iso2: 'US', numeric: '840' });
    expect(COUNTRY_CODES.Palestine).toEqual({ iso2: 'PS', numeric: '275' });
    expect(COUNTRY_CODES['Vatican City']).toEqual({ iso2: 'VA', numeric: '336' });
  });
});

describe('countryByIso2 and countryByNumeric', () => {
  it('invert the table for every country', () => {
    for (const country of COUNTRIES) {
      expect(countryByIso2(COUNTRY_CODES[country].iso2)).toBe(country);
      expect(countryByNumeric(COUNTRY_CODES[country].numeric)).toBe(country);
    }
  });

  it('accept lower case and unpadded numbers', () => {
    expect(countryByIso2('jp')).toBe('Japan');
    expect(countryByNumeric(36)).toBe('Australia');
    expect(countryByNumeric('4')).toBe('Afghanistan');
  });

  it('return undefined for codes outside the list', () => {
    expect(countryByIso2('XK')).toBeUndefined(); // Kosovo
    expect(countryByIso2('TW')).toBeUndefined();
    expect(countryByNumeric('158')).toBeUndefined(); // Taiwan
    expect(countryByNumeric('010')).toBeUndefined(); // Antarctica
    expect(countryByNumeric('abc')).toBeUndefined();
    expect(countryByNumeric('1000')).toBeUndefined();
  });
});
