import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchTextOf } from './search';

describe('normalizeForSearch', () => {
  it('folds case and accents', () => {
    expect(normalizeForSearch('São Paulo CAFÉ Zürich Ærø')).toBe('sao paulo cafe zurich ærø');
  });
  it('collapses white space', () => {
    expect(normalizeForSearch('  a \n  b  ')).toBe('a b');
  });
});

describe('searchTextOf', () => {
  it('joins non-empty fields and array items, normalised', () => {
    expect(searchTextOf(['Café', null, '', ['Beach', 'Food']])).toBe('cafe \u2022 beach \u2022 food');
  });
});
