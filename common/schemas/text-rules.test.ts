/**
 * Issue 19 item 9 (ADR 032): every text field of every payload in these schemas refuses control
 * characters; single-line fields (names, titles, city, place, tags...) refuse line breaks and
 * tabs as well; multi-line fields (descriptions) keep line breaks and tabs. The table must name
 * every string the sample payloads carry, so a new field cannot slip past the rule unlisted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TEXTS } from '../texts';
import { SystemMessageInputSchema, TipTypeInputSchema } from './admin';
import { SignUpSchema } from './auth';
import { isCleanMultiLineText, isSingleLineText } from './common';
import { ConnectionRequestSchema } from './connection';
import { ContentRefSchema } from './content';
import { GuideCreateSchema, GuideUpdateSchema } from './guide';
import { InvitationRequestSchema } from './invitation';
import { ProfileUpdateSchema } from './profile';
import { TipCreateSchema, TipInputSchema } from './tip';

const tip = {
  title: 'Sunrise at the lighthouse',
  tipTypeId: '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  country: 'Portugal',
  city: 'Lisbon',
  placeName: 'Farol',
  googleMapsUrl: 'https://maps.app.goo.gl/abc123',
  experienceDate: '2024-05-17',
  currency: 'EUR',
  description: 'Go early.\nBring coffee.',
  detailedContent: 'Line one\n\tindented line two',
  photoUrls: ['/api/media/tip-photos/0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/a.webp'],
  tags: ['sunrise'],
};
const guide = {
  title: 'Three days in Lisbon',
  location: 'Lisbon',
  countries: ['Portugal'],
  description: 'Slow days.\nGood food.',
  daysCount: 2,
  tags: ['food'],
  items: [{ dayNumber: 1, customTitle: 'Tram 28', customDescription: 'Ride early.\nSit left.', customPlaceName: 'Martim Moniz' }],
};
const invitation = {
  fullName: 'Ana Lima',
  email: 'ana@example.com',
  country: 'Portugal',
  howDidYouKnow: 'friend_family',
  aboutYourself: 'I travel slowly through southern Europe\nand love trying every local bakery I can find.',
};
const id = '0b6f3a6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

interface Case {
  name: string;
  schema: z.ZodType;
  sample: Record<string, unknown>;
  multiLine: string[];
  /** Secrets taken as typed (a password may hold any character); never shown to anyone. */
  exempt?: string[];
}
const CASES: Case[] = [
  { name: 'TipInput', schema: TipInputSchema, sample: tip, multiLine: ['description', 'detailedContent'] },
  { name: 'TipCreate', schema: TipCreateSchema, sample: tip, multiLine: ['description', 'detailedContent'] },
  { name: 'GuideCreate', schema: GuideCreateSchema, sample: guide, multiLine: ['description', 'items.0.customDescription'] },
  { name: 'GuideUpdate', schema: GuideUpdateSchema, sample: guide, multiLine: ['description', 'items.0.customDescription'] },
  { name: 'InvitationRequest', schema: InvitationRequestSchema, sample: invitation, multiLine: ['aboutYourself'] },
  { name: 'ConnectionRequest', schema: ConnectionRequestSchema, sample: { addresseeId: id }, multiLine: [] },
  { name: 'ContentRef', schema: ContentRefSchema, sample: { contentType: 'tip', contentId: id }, multiLine: [] },
  {
    name: 'SignUp',
    schema: SignUpSchema,
    sample: { fullName: 'Ana Lima', email: 'ana@example.com', password: 'secret-enough', token: 'abc123' },
    multiLine: [],
    exempt: ['password'],
  },
  {
    name: 'ProfileUpdate',
    schema: ProfileUpdateSchema,
    sample: { name: 'Ana Lima', username: 'ana-lima', bio: 'Slow travel.\nBakeries.', country: 'Portugal', currency: 'EUR' },
    multiLine: ['bio'],
  },
  {
    name: 'SystemMessageInput',
    schema: SystemMessageInputSchema,
    sample: { title: 'Maintenance', content: 'Tonight.\nBack soon.' },
    multiLine: ['content'],
  },
  { name: 'TipTypeInput', schema: TipTypeInputSchema, sample: { name: 'Museum' }, multiLine: [] },
];

/** Every path of a string in the sample (objects and arrays walked). */
function stringPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, prefix ? `${prefix}.${i}` : String(i)));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

function withValue(sample: Record<string, unknown>, path: string, make: (old: string) => string): unknown {
  const copy = structuredClone(sample);
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  node[last] = make(node[last] as string);
  return copy;
}

/** Refused everywhere: C0 but tab/LF/CR, DEL, C1, line/paragraph separators, bidi embeddings, overrides, isolates. */
const ALWAYS_REFUSED = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => !'\t\n\r'.includes(c)),
  ...Array.from({ length: 33 }, (_, i) => String.fromCharCode(0x7f + i)),
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const LINE_BREAKS_AND_TAB = ['\n', '\r', '\r\n', '\t'];
/** Text people really write: accents, emoji with joiners, right-to-left script with its marks. */
const FINE = ['Café São Jorge', 'Łódź & Kraków', '👩‍👩‍👧 family trip', 'مقهى الفيشاوي', 'שוק\u200f הכרמל', 'Tōkyō — 東京'];

/** Inside the value, so trim cannot remove it. */
const inside = (insert: string) => (old: string) => `${old.slice(0, 2)}${insert}${old.slice(2)}`;

describe.each(CASES)('$name', ({ schema, sample, multiLine, exempt = [] }) => {
  const paths = stringPaths(sample).filter((path) => !exempt.includes(path));

  it('accepts the sample as it is', () => {
    expect(schema.safeParse(sample).success).toBe(true);
  });

  it('lists only multi-line fields the sample has', () => {
    expect(multiLine.filter((p) => !paths.includes(p))).toEqual([]);
  });

  it.each(paths)('%s refuses every control character', (path) => {
    fc.assert(
      fc.property(fc.constantFrom(...ALWAYS_REFUSED), (ch) => !schema.safeParse(withValue(sample, path, inside(ch))).success),
      { numRuns: ALWAYS_REFUSED.length * 3 },
    );
  });

  it.each(paths)('%s: line breaks and tabs refused on a single line, kept in a multi-line field', (path) => {
    for (const ch of LINE_BREAKS_AND_TAB) {
      const result = schema.safeParse(withValue(sample, path, inside(ch)));
      expect(result.success, `${JSON.stringify(ch)} in ${path}`).toBe(multiLine.includes(path));
    }
  });
});

describe('the rule and its messages', () => {
  it('names the problem a person can fix', () => {
    const title = TipInputSchema.safeParse({ ...tip, title: 'Sun\nrise' });
    expect(title.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['title', TEXTS.notSingleLine]]);
    const description = TipInputSchema.safeParse({ ...tip, description: 'Go \u202eearly' });
    expect(description.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['description', TEXTS.controlCharacter],
    ]);
  });

  it('accepts the text people write', () => {
    for (const text of FINE) {
      expect(isSingleLineText(text), text).toBe(true);
      expect(TipInputSchema.safeParse({ ...tip, title: text, city: text, placeName: text }).success, text).toBe(true);
    }
  });

  it('is a property of any text with one refused character somewhere', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom(...ALWAYS_REFUSED), fc.string({ maxLength: 20 }), (a, ch, b) => {
        return !isSingleLineText(a + ch + b) && !isCleanMultiLineText(a + ch + b);
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        (text) => isCleanMultiLineText(`${text}\n\t${text}`) === isCleanMultiLineText(text),
      ),
    );
  });
});
