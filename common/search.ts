/**
 * Search is case- and accent-insensitive on both databases without the unaccent extension:
 * the server stores this normal form of the searchable fields in `search_text`, PostgreSQL keeps
 * its words in `search_vector` (a generated column, GIN-indexed), and a query is normalised and
 * split into words the same way (ADR 020).
 */
export function normalizeForSearch(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search_text of a row: its searchable fields joined, each normalised. */
export function searchTextOf(fields: (string | null | undefined | readonly string[])[]): string {
  return fields
    .flat()
    .filter((f): f is string => typeof f === 'string' && f.trim() !== '')
    .map(normalizeForSearch)
    .join(' \u2022 ');
}

/**
 * What separates words: white space and punctuation (ASCII's, « » ¡ ¿ ·, the General Punctuation
 * block with • – — ’ …, and CJK punctuation). Everything else is part of a word: letters and
 * digits of every script. Written as code point ranges because PostgreSQL's [[:alnum:]] depends on
 * the database's locale. Migration 0011's waymark_search_vector() splits with this same class;
 * server/test/search-words.api.test.ts checks that both databases agree with this file.
 */
// A string, not a regex literal: the class starts with the C0 controls on purpose (no-control-regex).
const SEPARATOR_RANGES =
  '\\u0001-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u007f\\u00a0\\u00a1\\u00ab\\u00b7\\u00bb\\u00bf\\u2000-\\u206f\\u3000-\\u303f';
const WORD_SEPARATORS = new RegExp(`[${SEPARATOR_RANGES}]+`, 'u');

/** Longer words are cut to this many characters (a tsvector lexeme is at most 2,047 bytes). */
export const SEARCH_WORD_MAX_LENGTH = 100;

/** The distinct words of normalised text, in order of first appearance. */
export function searchWordsOf(normalized: string): string[] {
  const words = normalized
    .split(WORD_SEPARATORS)
    .filter((w) => w !== '')
    .map((w) => Array.from(w).slice(0, SEARCH_WORD_MAX_LENGTH).join(''));
  return [...new Set(words)];
}
