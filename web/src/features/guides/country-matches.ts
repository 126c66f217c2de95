import { LIMITS } from '@common/limits';
import { COUNTRIES } from '@common/lists/countries';

/**
 * The country type-ahead (docs/product.md#forms-and-validation): up to 8 countries from the fixed list matching the typed text
 * (accents and case ignored), names starting with it first, leaving out those already chosen.
 */
export function countryMatches(
  query: string,
  chosen: readonly string[],
  limit: number = LIMITS.countryTypeAheadSuggestions,
): string[] {
  const q = fold(query.trim());
  if (!q) return [];
  const taken = new Set(chosen);
  const starts: string[] = [];
  const contains: string[] = [];
  for (const country of COUNTRIES) {
    if (taken.has(country)) continue;
    const name = fold(country);
    if (name.startsWith(q)) starts.push(country);
    else if (name.includes(q)) contains.push(country);
  }
  return [...starts, ...contains].slice(0, limit);
}

function fold(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
