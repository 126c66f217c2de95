/**
 * ADR 020: a row's words are split by SQL (waymark_search_vector, migration 0011, which fills the
 * generated search_vector column) and a query's by common/search.ts. A search finds a row only
 * if both split alike, so this checks, on each database, every ASCII character and the Unicode
 * ones either side of each separator range, between two letters and at the ends of a text.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEARCH_WORD_MAX_LENGTH, normalizeForSearch, searchWordsOf } from '@common/search';
import { type TestApp, createTestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The words PostgreSQL stores for each text, in a stable order. */
async function sqlWords(texts: string[]): Promise<string[][]> {
  const result = await t.db.execute(
    sql`SELECT tsvector_to_array(waymark_search_vector(t)) AS words FROM unnest(${sql.param(texts)}::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`,
  );
  return (result as { rows: { words: string[] }[] }).rows.map((r) => [...r.words].sort());
}

const jsWords = (text: string) => searchWordsOf(text).sort();

const codePoints = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** ASCII (no NUL: PostgreSQL text cannot hold it), and each Unicode separator range with its neighbours. */
const characters = [
  ...codePoints(0x01, 0x7f),
  ...codePoints(0x9f, 0xc0),
  ...codePoints(0x1fff, 0x2070),
  ...codePoints(0x2fff, 0x3040),
  ...['ß', 'ø', 'æ', 'ı', 'λ', 'ж', 'א', 'ع', 'क', '東', '京', 'ㄱ', '😀', '\u0301', '\u200d', '\ufeff'],
];

it('splits every character as common/search.ts does, on this database', async () => {
  const texts = characters.flatMap((c) => [`ab${c}cd`, `${c}ab`, `ab${c}`, c]);
  const fromSql = await sqlWords(texts);
  const differences = texts.flatMap((text, i) => {
    const expected = jsWords(text);
    return JSON.stringify(fromSql[i]) === JSON.stringify(expected)
      ? []
      : [`${JSON.stringify(text)}: SQL ${JSON.stringify(fromSql[i])}, JS ${JSON.stringify(expected)}`];
  });
  expect(differences).toEqual([]);
  // The check can fail: the separators do split, letters do not.
  expect(fromSql[texts.indexOf('ab•cd')]).toEqual(['ab', 'cd']);
  expect(fromSql[texts.indexOf('ab東cd')]).toEqual(['ab東cd']);
});

it('agrees on whole fields, repeated words and words longer than the limit', async () => {
  const texts = [
    normalizeForSearch("Family-run viewpoint • Tokyo's 「東京」 café—bar • snake_case 100% a…b • Ærø, São Paulo"),
    'view views view viewpoint',
    `${'x'.repeat(SEARCH_WORD_MAX_LENGTH + 50)} short`,
    `${'東'.repeat(SEARCH_WORD_MAX_LENGTH + 1)}`,
    '',
    ' • ',
  ];
  const fromSql = await sqlWords(texts);
  expect(fromSql).toEqual(texts.map(jsWords));
  expect(fromSql[2]).toEqual(['short', 'x'.repeat(SEARCH_WORD_MAX_LENGTH)]);
});
