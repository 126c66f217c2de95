import { describe, expect, it, vi } from 'vitest';
import { editDistance, suggestSearch } from './search-suggestion';

vi.mock('./search-words.repository', () => ({
  CANDIDATES_PER_WORD: 5,
  similarWords: (_db: unknown, word: string) =>
    Promise.resolve(
      ({ lisbn: ['lisbon', 'lisboa'], tram: ['tram', 'trams'], mii2k3g4: ['mii2k3g5'] } as Record<string, string[]>)[word] ?? [],
    ),
}));

describe('editDistance', () => {
  it.each([
    ['lisbn', 'lisbon', 1],
    ['lisbon', 'lisbon', 0],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['café', 'cafe', 1],
  ])('%s -> %s is %i', (a, b, d) => expect(editDistance(a, b)).toBe(d));
});

describe('suggestSearch', () => {
  const db = {} as never;
  it('replaces a misspelt word by the first known word the viewer finds something with', async () => {
    expect(await suggestSearch(db, 'Lisbn tram', (q: string) => Promise.resolve(q === 'lisbon tram'))).toBe('lisbon tram');
    expect(await suggestSearch(db, 'lisbn', (q: string) => Promise.resolve(q === 'lisboa'))).toBe('lisboa');
  });

  it('never suggests what the viewer finds nothing with, nor corrects a word with a digit', async () => {
    expect(await suggestSearch(db, 'lisbn', () => Promise.resolve(false))).toBeNull();
    expect(await suggestSearch(db, 'mii2k3g4', () => Promise.resolve(true))).toBeNull();
    expect(await suggestSearch(db, 'a b c d e', () => Promise.resolve(true))).toBeNull();
  });
});
