/**
 * Search is case- and accent-insensitive on both databases without the unaccent extension:
 * the server stores this normal form of the searchable fields in `search_text` (trigram
 * indexed) and normalises the query the same way.
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
