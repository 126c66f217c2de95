/**
 * Which plan an explore search takes, chosen here rather than by PostgreSQL on every
 * call (ADR 020): `walk` reads the date index newest first and keeps the matches, cheap for a
 * common word; `gather` collects every match through the GIN index of search_vector and sorts
 * them, cheap for a rare one. Each is a statement with one fixed plan, so it is prepared once,
 * with its cards, like explore's page. The choice uses the figures PostgreSQL's own estimate
 * uses: ANALYZE's most common words of search_vector and their frequencies.
 */
export type SearchPlan = 'walk' | 'gather' | 'recent';
/** A plan, with, for `recent`, how many of the newest months it looks in first. */
export type SearchChoice = { plan: 'walk' | 'gather' } | { plan: 'recent'; months: number };

/**
 * `recent` is a gathering that first looks in the newest months only, through each word tagged
 * with its row's month (migration 0012), and gathers the older matches only when those months
 * held fewer than a page: a rare word's search then reads about a page of matches however many
 * the years have piled up. Chosen when the months expected to hold twice the page's rows are
 * fewer than the table spans and than this (the query holds every word once per month).
 */
export const MAX_RECENT_MONTHS = 24;

export interface WordStats {
  /** Rows in the table when ANALYZE last ran. */
  rows: number;
  /** The most common words and the share of rows holding each (0-1). */
  frequencies: Map<string, number>;
  /** The smallest share ANALYZE kept: a word not listed is rarer than this. */
  minFrequency: number;
  /** Months between the oldest and the newest row ANALYZE saw (its histogram of created_at); 0 unknown. */
  months: number;
}

/** PostgreSQL's share for a word it has no figure for (DEFAULT_TS_MATCH_SEL), at most. */
const DEFAULT_WORD_SHARE = 0.005;

/** The share of rows holding a word (or, for a prefix, a word that begins with it), as PostgreSQL estimates it. */
export function wordShare(stats: WordStats, word: string, isPrefix: boolean): number {
  const unlisted = Math.min(DEFAULT_WORD_SHARE, stats.minFrequency / 2);
  if (!isPrefix) return stats.frequencies.get(word) ?? unlisted;
  // The chance that a row holds at least one of the listed words with this beginning.
  let matched = 0;
  for (const [listed, share] of stats.frequencies) if (listed.startsWith(word)) matched += share - matched * share;
  return Math.max(unlisted, matched);
}

/**
 * The plan for a search (its words, searchWordsOf) of the newest `rows` matches: walking reads
 * about rows / share rows, gathering reads every match, share * table rows; walk when that is
 * fewer. Null without figures (no ANALYZE yet): then PostgreSQL plans each call.
 */
export function searchPlanFor(stats: WordStats | null, words: string[], rows: number): SearchChoice | null {
  if (!stats || stats.rows <= 0 || words.length === 0) return null;
  const share = searchShare(stats, words);
  if (rows / share < share * stats.rows) return { plan: 'walk' };
  const months = recentMonthsFor(stats, words, rows);
  return months === null ? { plan: 'gather' } : { plan: 'recent', months };
}

/** Every word must match: the words are taken as independent, as PostgreSQL takes them. */
function searchShare(stats: WordStats, words: string[]): number {
  return words.reduce((product, word, i) => product * wordShare(stats, word, i === words.length - 1), 1);
}

/**
 * How many of the newest months a `recent` gathering looks in first: enough to expect twice
 * `rows` matches at the table's average rate. Null when that is not fewer than the months the
 * table spans or MAX_RECENT_MONTHS: then every match is gathered at once.
 */
function recentMonthsFor(stats: WordStats, words: string[], rows: number): number | null {
  if (stats.months <= 1 || words.length === 0) return null;
  const matchesPerMonth = (searchShare(stats, words) * stats.rows) / stats.months;
  const months = Math.ceil((2 * rows) / matchesPerMonth);
  return months < stats.months && months <= MAX_RECENT_MONTHS ? months : null;
}
