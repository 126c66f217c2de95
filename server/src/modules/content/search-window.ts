/**
 * The newest months a `recent` search (search-plan.ts) looks in first, as values of its statement:
 * its words tagged with each month as waymark_search_months tags a row's (migration 0012), and
 * where those months begin. Older matches are gathered only when these held less than a page.
 */
import type { Cursor } from '@server/lib/keyset';
import { type SearchWindows, allWordsQuery } from './content-filter';
import type { SearchChoice } from './search-plan';

const DAY_MS = 86_400_000;
export interface SearchWindow {
  /** A tsquery: for some month, every word tagged with it (the last one as a beginning). */
  query: string;
  /** The first instant of the oldest month, ISO 8601: older matches are created before it. */
  since: string;
}

/** `|202611|`: a month of a UTC year, as waymark_search_months writes it. */
function monthTag(utcYear: number, utcMonth: number): string {
  const first = new Date(Date.UTC(utcYear, utcMonth, 1));
  return `|${first.getUTCFullYear()}${String(first.getUTCMonth() + 1).padStart(2, '0')}|`;
}

/**
 * The window of `months` months ending with `from`'s month, widened up to `upTo`'s month (a first
 * page passes a moment a little ahead of now, so a row stamped by a clock slightly ahead of this
 * one is not left out between the window and the older matches).
 */
export function searchWindowOf(words: string[], months: number, from: Date, upTo: Date = from): SearchWindow {
  const year = from.getUTCFullYear();
  const oldest = from.getUTCMonth() - (months - 1);
  const newest = oldest + months - 1 + Math.max(0, (upTo.getUTCFullYear() - year) * 12 + upTo.getUTCMonth() - from.getUTCMonth());
  const perMonth: string[] = [];
  for (let month = newest; month >= oldest; month--) {
    const tag = monthTag(year, month);
    perMonth.push(`(${allWordsQuery(words, tag)})`);
  }
  return { query: perMonth.join(' | '), since: new Date(Date.UTC(year, oldest, 1)).toISOString() };
}

/**
 * The window of each table whose plan is `recent`: ending with the cursor's month, or, for a
 * first page, reaching a day ahead of `now`.
 */
export function searchWindowsFor(
  choices: Record<'tip' | 'guide', SearchChoice>,
  words: string[],
  cursor: Cursor | null,
  now = new Date(),
): SearchWindows<string> {
  const from = cursor ? new Date(Date.parse(cursor.createdAt)) : now;
  const upTo = cursor ? from : new Date(now.getTime() + DAY_MS);
  const windowOf = (choice: SearchChoice) =>
    choice.plan === 'recent' ? searchWindowOf(words, choice.months, from, upTo) : undefined;
  return { tip: windowOf(choices.tip), guide: windowOf(choices.guide) };
}
