/**
 * The vocabulary of search words (search_words, migration 0030, ADR 105): the known words most
 * like a word, by trigrams (pg_trgm's `%` through search_words_trgm_idx). A known word is its
 * own closest (similarity 1).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';

/** How many known words each word of a search may become. */
export const CANDIDATES_PER_WORD = 5;

export async function similarWords(db: Executor, word: string): Promise<string[]> {
  const rows = await executeRows<{ word: string }>(
    db,
    sql`SELECT word FROM search_words WHERE word % ${word}
      ORDER BY similarity(word, ${word}) DESC, word LIMIT ${sql.raw(String(CANDIDATES_PER_WORD))}`,
  );
  return rows.map((r) => r.word);
}
