import { describe, expect, it } from 'vitest';
import atlas from 'world-atlas/countries-50m.json';
import { COUNTRIES } from '@common/lists/countries';
import { type CountriesTopology, toCountries } from './countries';
import { visitedFeatures, visitedIds } from './visited-countries';

const countries = toCountries(atlas as unknown as CountriesTopology);

describe('visited countries on the world map', () => {
  it('maps our names to Natural Earth ids and ignores unknown names', () => {
    expect([...visitedIds(['France', 'Japan', 'Atlantis']).entries()]).toEqual([
      ['250', 'France'],
      ['392', 'Japan'],
    ]);
  });

  it('finds a shape for 194 of the 195 countries, microstates included (Tuvalu is too small at 1:50m)', () => {
    const found = visitedFeatures(countries, COUNTRIES).map((v) => v.name);
    expect(COUNTRIES.filter((name) => !found.includes(name))).toEqual(['Tuvalu']);
    expect(found).toContain('Monaco');
    expect(found).toContain('Vatican City');
  });

  it('keeps the member’s spelling of the country, not Natural Earth’s', () => {
    const [visited] = visitedFeatures(countries, ['United States']);
    expect(visited?.name).toBe('United States');
    expect(visited?.feature.id).toBe('840');
  });
});
