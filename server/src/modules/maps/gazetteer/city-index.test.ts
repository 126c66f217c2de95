import { describe, expect, it } from 'vitest';
import { type CityRecord, CityIndex } from './city-index';

function city(overrides: Partial<CityRecord> & Pick<CityRecord, 'name'>): CityRecord {
  return {
    asciiName: overrides.name,
    alternateNames: [],
    country: 'France',
    latitude: 0,
    longitude: 0,
    population: 1_000,
    ...overrides,
  };
}

describe('CityIndex (rules, on made-up cities)', () => {
  it("prefers a city's own name to another city's alternate name, whatever their populations", () => {
    const index = new CityIndex();
    index.add(city({ name: 'Big', alternateNames: ['Twin'], population: 9_000_000 }));
    index.add(city({ name: 'Twin', population: 2_000 }));
    expect(index.find('France', 'twin')?.name).toBe('Twin');
  });

  it('prefers an ASCII name to an alternate name', () => {
    const index = new CityIndex();
    index.add(city({ name: 'Alpha', alternateNames: ['Beta Town'], population: 500_000 }));
    index.add(city({ name: 'Bêta-Ville', asciiName: 'Beta Town', population: 3_000 }));
    expect(index.find('France', 'Beta Town')?.name).toBe('Bêta-Ville');
  });

  it('among equal matches, takes the larger population, in whichever order they came', () => {
    const small = city({ name: 'Springfield', population: 1_200, latitude: 1 });
    const large = city({ name: 'Springfield', population: 150_000, latitude: 2 });
    for (const order of [
      [small, large],
      [large, small],
    ]) {
      const index = new CityIndex();
      order.forEach((c) => index.add(c));
      expect(index.find('France', 'SPRINGFIELD')?.latitude).toBe(2);
    }
  });

  it('never answers with a city of another country', () => {
    const index = new CityIndex();
    index.add(city({ name: 'Paris', country: 'France', population: 2_000_000 }));
    expect(index.find('Canada', 'Paris')).toBeUndefined();
  });

  it('ignores alternate names in other scripts and long descriptions', () => {
    const index = new CityIndex();
    index.add(city({ name: 'Moscow', alternateNames: ['Москва', `Moscow ${'x'.repeat(60)}`], country: 'Russia' }));
    expect(index.find('Russia', 'Москва')).toBeUndefined();
    expect(index.find('Russia', `Moscow ${'x'.repeat(60)}`)).toBeUndefined();
    expect(index.size).toEqual({ places: 1, names: 1 });
  });

  it('returns a copy the caller may change', () => {
    const index = new CityIndex();
    index.add(city({ name: 'Lyon', population: 500_000 }));
    const found = index.find('France', 'Lyon');
    if (found) found.population = 0;
    expect(index.find('France', 'Lyon')?.population).toBe(500_000);
  });
});
