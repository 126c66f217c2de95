import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchWordsOf } from '@common/search';
import { type WordStats, searchPlanFor, wordShare } from './search-plan';

const words = (q: string) => searchWordsOf(normalizeForSearch(q));

/** Figures as ANALYZE would leave them for 200,000 tips. */
const stats: WordStats = {
  rows: 200_000,
  frequencies: new Map([
    ['view', 0.25],
    ['views', 0.1],
    ['viewpoint', 0.02],
    ['tokyo', 0.02],
    ['old', 0.4],
    ['town', 0.4],
  ]),
  minFrequency: 0.002,
  // Unknown: every rare search gathers all its matches (the `recent` plan is tested below).
  months: 0,
};

describe('wordShare', () => {
  it('takes a listed word at its frequency, and an unlisted one below the least listed', () => {
    expect(wordShare(stats, 'view', false)).toBe(0.25);
    expect(wordShare(stats, 'axolotl', false)).toBe(0.001);
    expect(wordShare({ ...stats, minFrequency: 0.5 }, 'axolotl', false)).toBe(0.005);
  });

  it('takes a beginning as the chance of holding any listed word that starts with it', () => {
    expect(wordShare(stats, 'view', true)).toBeCloseTo(1 - 0.75 * 0.9 * 0.98, 10);
    expect(wordShare(stats, 'tok', true)).toBe(0.02);
    expect(wordShare(stats, 'axo', true)).toBe(0.001);
  });
});

describe('searchPlanFor', () => {
  it('walks the date index for a common word and gathers the matches of a rare one', () => {
    expect(searchPlanFor(stats, words('view'), 21)?.plan).toBe('walk');
    expect(searchPlanFor(stats, words('vie'), 21)?.plan).toBe('walk');
    expect(searchPlanFor(stats, words('axolotl'), 21)?.plan).toBe('gather');
    // 2 %: for 21 rows walking reads ~1,050, gathering ~4,000; for 100 rows walking reads ~5,000.
    expect(searchPlanFor(stats, words('tokyo'), 21)?.plan).toBe('walk');
    expect(searchPlanFor(stats, words('tokyo'), 100)?.plan).toBe('gather');
  });

  it('multiplies the shares of all words: common words together stay common, one rare word makes it rare', () => {
    expect(searchPlanFor(stats, words('old town'), 21)?.plan).toBe('walk');
    expect(searchPlanFor(stats, words('old town axolotl'), 21)?.plan).toBe('gather');
  });

  it('gives no plan without figures or words: PostgreSQL then plans the call', () => {
    expect(searchPlanFor(null, words('view'), 21)).toBeNull();
    expect(searchPlanFor({ ...stats, rows: 0 }, words('view'), 21)).toBeNull();
    expect(searchPlanFor(stats, words('%'), 21)).toBeNull();
  });

  it('gathers in a small table, where reading every match is cheap', () => {
    expect(searchPlanFor({ ...stats, rows: 900 }, words('tokyo'), 21)?.plan).toBe('gather');
  });
});

describe('a rare word in a table that spans years', () => {
  const twoYears = { ...stats, months: 24 };

  it('looks in the newest months expected to hold twice the page first', () => {
    // axolotl: 0.1 % of 200,000 = 200 matches, ~8.3 a month; 42 rows take 6 months.
    expect(searchPlanFor(twoYears, words('axolotl'), 21)).toEqual({ plan: 'recent', months: 6 });
    // tokyo for 100 rows: 4,000 matches, ~167 a month; 200 rows take 2 months.
    expect(searchPlanFor(twoYears, words('tokyo'), 100)).toEqual({ plan: 'recent', months: 2 });
  });

  it('gathers every match when the window would span the table, or exceed the longest window', () => {
    expect(searchPlanFor({ ...twoYears, rows: 20_000 }, words('axolotl'), 21)?.plan).toBe('gather');
    expect(searchPlanFor({ ...stats, rows: 60_000, months: 120 }, words('axolotl'), 21)?.plan).toBe('gather');
  });

  it('still walks for a common word', () => {
    expect(searchPlanFor(twoYears, words('view'), 21)?.plan).toBe('walk');
  });
});
