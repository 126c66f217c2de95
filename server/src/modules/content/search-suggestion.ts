/**
 * "Did you mean": a search that finds nothing, with its misspelt words replaced by the known
 * words most like them (issue 36, ADR 105). Run only when a search found nothing, so the common
 * path keeps its statements. A suggestion is made only if the viewer finds something with it
 * (`findsSomething`, the visibility rule's counts): the vocabulary holds the words of every tip
 * and guide, and a word only a hidden or private item holds must never be shown. A known word
 * replaces a typed one only within 1-2 letters of it (allowedEdits): trigrams alone took one
 * made-up code for another that shared its first letters.
 */
import { normalizeForSearch, searchWordsOf } from '@common/search';
import type { Executor } from '@db/client';
import { CANDIDATES_PER_WORD, similarWords } from './search-words.repository';

/** Letters a word of this length may have wrong: 1 up to 4 letters, 2 beyond. */
const allowedEdits = (word: string) => (Array.from(word).length <= 4 ? 1 : 2);

/** Levenshtein's distance between two words, by code point. */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/** Longer searches are not corrected (each word costs an index read). */
export const MAX_CORRECTED_WORDS = 4;

export async function suggestSearch(
  db: Executor,
  q: string,
  findsSomething: (candidate: string) => Promise<boolean>,
): Promise<string | null> {
  const words = searchWordsOf(normalizeForSearch(q));
  if (words.length === 0 || words.length > MAX_CORRECTED_WORDS) return null;
  const candidates: string[][] = [];
  for (const word of words) {
    // A word with a digit is a code or a number, not a misspelling: kept as typed.
    const similar = /\p{N}/u.test(word) ? [word] : await similarWords(db, word);
    candidates.push(similar.filter((known) => known === word || editDistance(known, word) <= allowedEdits(word)));
  }
  const original = words.join(' ');
  const tried = new Set([original]);
  // The closest word for each, then the next closest, and so on.
  for (let rank = 0; rank < CANDIDATES_PER_WORD; rank += 1) {
    const suggestion = words.map((word, i) => candidates[i]?.[rank] ?? candidates[i]?.[0] ?? word).join(' ');
    if (tried.has(suggestion)) continue;
    tried.add(suggestion);
    if (await findsSomething(suggestion)) return suggestion;
  }
  return null;
}
