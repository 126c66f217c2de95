/**
 * Hostile values for the fuzz tests: the inputs that break servers in practice (wrong types,
 * huge and odd strings, SQL and HTML fragments, numbers at the edges) rather than uniform noise.
 */
import fc from 'fast-check';

/** Strings attackers and unlucky users send: injection, markup, encodings, edge characters. */
export const SPECIAL_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE tips; --",
  '" OR ""="',
  "1'; SELECT pg_sleep(5); --",
  '%',
  '_',
  '\\',
  '%%_\\%',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  'مرحبا بالعالم',
  '𝕳𝖊𝖑𝖑𝖔 😀 👨‍👩‍👧‍👦',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  'ǅ İ ß ﬁ',
  'Ａｄｍｉｎ',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x1F',
  '1.5',
  ' 1 ',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '',
  ' ',
  '\n\r\t',
  '%00',
  '%2e%2e%2f',
  '%ZZ',
  'AAAA====',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

/** A string of 1,000 to 100,000 characters (built by repetition: generating each one is slow). */
export const hugeString = fc
  .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([seed, length]) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length));

/**
 * Dates that look right and are no day of the calendar (issue 36): 29-31 February of any year
 * (29 only when not a leap year), the 31st of a 30-day month, month 0 or 13+, day 0 or 32+;
 * alone, and as the day of an ISO timestamp and of PostgreSQL's timestamp text.
 */
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const impossibleDay: fc.Arbitrary<string> = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.oneof(
      fc.constantFrom(30, 31).map((d) => ({ month: 2, day: d })),
      fc.constantFrom(4, 6, 9, 11).map((month) => ({ month, day: 31 })),
      fc.integer({ min: 1, max: 12 }).map((month) => ({ month, day: 0 })),
      fc.record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 32, max: 99 }) }),
      fc.record({ month: fc.constantFrom(0, 13, 20, 99), day: fc.integer({ min: 1, max: 28 }) }),
      fc.constant({ month: 2, day: 29 }),
    ),
  )
  .map(([year, { month, day }]) => ({ year: month === 2 && day === 29 && isLeap(year) ? year + 1 : year, month, day }))
  .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`);
export const impossibleDate: fc.Arbitrary<string> = fc.oneof(
  impossibleDay,
  impossibleDay.map((day) => `${day}T10:00:00Z`),
  impossibleDay.map((day) => `${day} 10:00:00.123456+00`),
);

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: impossibleDate },
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom(...SPECIAL_STRINGS), { minLength: 2, maxLength: 4 }).map((parts) => parts.join('')),
  },
);

/** A short nasty string, for keys and query values (huge ones go elsewhere). */
export const shortNastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...SPECIAL_STRINGS),
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(), // NaN and the infinities travel as null in JSON
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE, 101, 1e21),
);

/** A leaf JSON value of any type; `ids` lets real row ids turn up anywhere. */
export function leaf(ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null), ids);
}

export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  shortNastyString,
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'userId', 'role', 'isAdmin', 'likesCount', 'createdAt'),
);

/** Any JSON-ish value, nested a few levels. */
export function anyJson(ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      leaf(ids),
      fc.array(tie('value'), { maxLength: 6 }),
      fc.dictionary(nastyKey, tie('value'), { maxKeys: 6 }),
    ),
  }));
  return value;
}

/** Path segments that try traversal, bad percent-encoding and the router's edges. */
// '..', '.' and their %2e spellings are left out: URL parsing resolves them before routing,
// so they would fuzz another route against this one's schema.
export const PATH_TRICKS = [
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  '%ZZ',
  '%',
  'a%2Fb',
  '%252e',
  ';',
  '*',
  '~',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%C0%AF',
];

/** `s` with lone surrogates replaced, so it can be percent-encoded (URLs carry UTF-8 only). */
export function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
