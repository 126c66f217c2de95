import { describe, expect, it } from 'vitest';
import { countryMatches } from './country-matches';

describe('countryMatches', () => {
  it('shows at most 8 matches, names starting with the text first', () => {
    const matches = countryMatches('an', []);
    expect(matches).toHaveLength(8);
    expect(matches[0]).toBe('Andorra');
    expect(matches.every((c) => c.toLowerCase().includes('an'))).toBe(true);
    expect(countryMatches('land', [])).toContain('Finland');
  });

  it('ignores case and leaves out chosen countries', () => {
    expect(countryMatches('PORT', [])).toEqual(['Portugal']);
    expect(countryMatches('portugal', ['Portugal'])).toEqual([]);
  });

  it('offers nothing for blank text', () => {
    expect(countryMatches('   ', [])).toEqual([]);
  });
});
