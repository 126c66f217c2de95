import { describe, expect, it } from 'vitest';
import { COUNTRIES, WORLD_COUNTRY_COUNT, isCountry } from './countries';
import { PROFILE_COUNTRIES } from './profile-countries';

describe('COUNTRIES', () => {
  it('holds exactly the 195 countries the explored percentage divides by', () => {
    expect(COUNTRIES).toHaveLength(WORLD_COUNTRY_COUNT);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
  });

  it('is alphabetical', () => {
    const sorted = [...COUNTRIES].sort((a, b) => a.localeCompare(b, 'en'));
    expect(COUNTRIES).toEqual(sorted);
  });

  it('contains every country of the original profile list (product.md, Profiles)', () => {
    const missing = PROFILE_COUNTRIES.filter((c) => !isCountry(c));
    expect(missing).toEqual([]);
  });
});
