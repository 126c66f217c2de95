/** SQL text for constant lists the generator embeds (our own word lists, never user input). */
import { normalizeForSearch } from '@common/search';

export const lit = (value: string) => `'${value.replaceAll("'", "''")}'`;

export const textArray = (values: readonly string[]) => `(ARRAY[${values.map(lit).join(',')}]::text[])`;

/**
 * A word list and its search form side by side: SQL picks the same index from both, so the
 * search_text it builds is exactly what common/search.ts would compute in the services.
 */
export function listPair(values: readonly string[]) {
  return { display: textArray(values), search: textArray(values.map(normalizeForSearch)), length: values.length };
}
