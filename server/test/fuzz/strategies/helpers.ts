/** Building blocks of valid bodies: text that passes validation yet carries hostile content. */
import fc from 'fast-check';
import { COUNTRIES } from '@common/lists/countries';
import { nastyString } from '../arbitraries';
import type { FuzzRequest } from '../fuzz-request';
import type { IdKind, World } from '../world';

/** Valid text up to `max` characters (blank becomes 'x'), often with SQL, markup or odd unicode. */
export function text(max: number): fc.Arbitrary<string> {
  return fc.oneof(fc.string({ minLength: 1, maxLength: Math.min(max, 60) }), nastyString).map((s) => {
    const cut = s.slice(0, max);
    return cut.trim() === '' ? 'x' : cut;
  });
}

export const optionalText = (max: number) => fc.option(text(max), { freq: 3 });

export const country = fc.constantFrom(...COUNTRIES);

export const tags = fc.array(fc.oneof(fc.constantFrom('food', 'beach', 'night'), text(40)), { maxLength: 5 });

export const pastDate = fc
  .date({ min: new Date('1990-01-01'), max: new Date(), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A real id of `kind` (fixtures and ids learned from responses). */
export const idOf = (kind: IdKind) => (w: World) => w.ids[kind].arb();

/** Puts the `id` of a success answer into the pool of `kind`, so later cases use the new row. */
export function learnId(kind: IdKind) {
  return (w: World, _req: FuzzRequest, res: { statusCode: number; body: string }) => {
    if (res.statusCode >= 300) return;
    const match = /^\{"id":"([0-9a-f-]{36})"/.exec(res.body) ?? /"id":"([0-9a-f-]{36})"/.exec(res.body);
    if (match?.[1]) w.ids[kind].add(match[1]);
  };
}

/** The JSON body a request sent (null when it was not JSON). */
export function sentJson(req: FuzzRequest): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(String(req.payload));
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
