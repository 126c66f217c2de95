/**
 * Who may see which tips and guides, and the optional search and country filters, as SQL
 * conditions; shared by the page keys (content-keys.repository.ts), counts, countries and saved.
 * A value is bound now (a string) or by a prepared query when it runs (a placeholder).
 */
import { type Placeholder, type SQL, and, eq, or, sql } from 'drizzle-orm';
import { guideCountries, guides, tips } from '../../../../db/schema';
import { isPrivate, isPublic } from '../../../../db/visibility';

/**
 * visible (explore, saved): public items plus the viewer's own; user: one member's items;
 * public and ownPrivate: the two disjoint halves of visible (see content-keys.repository.ts).
 */
export type Scope<Id> =
  | { kind: 'visible'; viewerId: Id }
  | { kind: 'user'; userId: Id; includePrivate: boolean }
  | { kind: 'public' }
  | { kind: 'ownPrivate'; userId: Id };

/** Who may see what, plus the optional search and country filters. */
export interface ContentFilter {
  scope: Scope<string>;
  /** Already normalised with normalizeForSearch; empty or undefined = no search. */
  q?: string;
  country?: string;
}

/** A value a query binds: a string now, or a placeholder a prepared query fills when it runs (db/prepared.ts). */
export type Bound = string | Placeholder;

/** A filter as the SQL uses it: the search as its LIKE pattern; absent = no condition. */
export interface BoundFilter {
  scope: Scope<Bound>;
  pattern?: Bound;
  country?: Bound;
}

export function bound(f: ContentFilter): BoundFilter {
  return { scope: f.scope, pattern: f.q ? containsPattern(f.q) : undefined, country: f.country || undefined };
}

/** `q` as a LIKE pattern matching it anywhere: %, _ and \ in it are taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function scopeCondition(table: typeof tips | typeof guides, scope: Scope<Bound>): SQL | undefined {
  switch (scope.kind) {
    case 'visible':
      return or(isPublic(table), eq(table.userId, scope.viewerId));
    case 'public':
      return isPublic(table);
    case 'ownPrivate':
      return and(eq(table.userId, scope.userId), isPrivate(table));
    case 'user':
      return and(eq(table.userId, scope.userId), scope.includePrivate ? undefined : isPublic(table));
  }
}

export function conditionsOf(kind: 'tip' | 'guide', f: BoundFilter): SQL {
  const table = kind === 'tip' ? tips : guides;
  const country =
    f.country === undefined
      ? undefined
      : kind === 'tip'
        ? eq(tips.country, f.country)
        : // guide_countries mirrors guides.countries with an index by country (db/schema.ts).
          sql`EXISTS (SELECT 1 FROM ${guideCountries} WHERE ${guideCountries.guideId} = ${guides.id} AND ${guideCountries.country} = ${f.country})`;
  return (
    and(scopeCondition(table, f.scope), f.pattern === undefined ? undefined : sql`${table.searchText} LIKE ${f.pattern}`, country) ??
    sql`true`
  );
}

export const tipConditions = (f: ContentFilter): SQL => conditionsOf('tip', bound(f));
export const guideConditions = (f: ContentFilter): SQL => conditionsOf('guide', bound(f));
