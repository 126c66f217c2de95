/**
 * Who may see which tips and guides, and the optional search and country filters, as SQL
 * conditions; shared by the page keys (content-keys.repository.ts), counts, countries and saved.
 * A value is bound now (a string) or by a prepared query when it runs (a placeholder).
 */
import { type Placeholder, type SQL, and, eq, or, sql } from 'drizzle-orm';
import { normalizeForSearch, searchWordsOf } from '@common/search';
import { plannedPerCall } from '@db/named-statements';
import { guideCountries, guides, tips } from '@db/schema';
import { type ListedViewer, authorNotHidden, isPrivate, isPublic, sharedWithConnection, visibleTo } from '@db/visibility';
import type { SearchPlan } from './search-plan';

/**
 * visible (explore, saved): what the viewer may see (ADR 081); user: one member's items the
 * viewer may see; public, ownPrivate and connectionsShared: the three disjoint halves of visible
 * (content-keys.repository.ts walks each through its own index, ADR 082). public without a
 * viewer (the map's cells) leaves out no author. connectionsShared is only a branch of the keys:
 * its condition does not check the author is a connection, the branch reads only theirs.
 */
export type Scope<Id> =
  | { kind: 'visible'; viewerId: Id }
  | { kind: 'user'; userId: Id; viewerId: Id }
  | { kind: 'public'; viewerId?: Id }
  | { kind: 'ownPrivate'; userId: Id }
  | { kind: 'connectionsShared'; viewerId: Id };

/** Who may see what, plus the optional search and country filters. */
export interface ContentFilter {
  scope: Scope<string>;
  /** A tsquery made by searchQueryOf; undefined = no search. */
  search?: string;
  /** How each table's search runs (search-plan.ts); undefined = PostgreSQL plans each call. */
  searchPlans?: SearchPlans;
  /** The months a `recent` plan looks in first, per table with that plan (search-window.ts). */
  searchWindows?: SearchWindows<string>;
  country?: string;
  /** A tip type's id (issue 36): only tips of that category; no guide has one. */
  tipType?: string;
}

export type SearchPlans = Record<'tip' | 'guide', SearchPlan>;
export type SearchWindows<V> = Partial<Record<'tip' | 'guide', { query: V; since: V }>>;

/** A value a query binds: a string now, or a placeholder a prepared query fills when it runs (db/prepared.ts). */
export type Bound = string | Placeholder;
/** A viewer as the SQL uses it: also one whose member lists the statement holds (ListedViewer). */
export type ViewerBound = Bound | ListedViewer;

/** A filter as the SQL uses it; absent = no condition. */
export interface BoundFilter {
  scope: Scope<ViewerBound>;
  search?: Bound;
  searchPlans?: SearchPlans;
  searchWindows?: SearchWindows<Bound>;
  country?: Bound;
  tipType?: Bound;
}

export function bound(f: ContentFilter): BoundFilter {
  return {
    scope: f.scope,
    search: f.search || undefined,
    searchPlans: f.searchPlans,
    searchWindows: f.searchWindows,
    country: f.country || undefined,
    tipType: f.tipType || undefined,
  };
}

/**
 * A search box's text (normalised with normalizeForSearch) as a tsquery over search_vector
 * (ADR 020): each of its words must be a word of the item, and the last may be the beginning of
 * one, since the member may still be typing it. Null when the text holds no word: nothing matches.
 */
export function searchQueryOf(normalized: string): string | null {
  const words = searchWordsOf(normalized);
  return words.length === 0 ? null : allWordsQuery(words);
}

/** Every word (each after `tag`, as search-window.ts tags them), the last as a beginning. */
export function allWordsQuery(words: string[], tag = ''): string {
  // Quotes and backslashes are separators, so a word never holds tsquery's quote or escape.
  return words.map((w, i) => `'${tag}${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/**
 * A connections-only item of one of the viewer's connections, not hidden. `is_private = true` is
 * spelled out so the (user_id, created_at) WHERE is_private indexes can serve it.
 */
const connectionsShared = (table: typeof tips | typeof guides, viewerId: ViewerBound): SQL =>
  sql`(${isPrivate(table)} AND ${sharedWithConnection(table, viewerId)} AND ${authorNotHidden(table, viewerId)})`;

/**
 * The same, less "by a connection": for the keys' connections branch, which reads only the
 * connections' rows (content-keys.repository.ts). There `user_id = ANY (connections)` would be an
 * index condition of every connection's probe, and PostgreSQL sorts an index condition's array on
 * every probe: member 1 of the bench set, with 462 connections, spent most of Explore's time so.
 */
const sharedByAuthor = (table: typeof tips | typeof guides, viewerId: ViewerBound): SQL =>
  sql`(${isPrivate(table)} AND ${table.visibility} = 'connections' AND ${table.hiddenAt} IS NULL AND ${authorNotHidden(table, viewerId)})`;

function scopeCondition(table: typeof tips | typeof guides, scope: Scope<ViewerBound>): SQL | undefined {
  switch (scope.kind) {
    case 'visible':
      // The three halves as one condition: PostgreSQL ORs the partial indexes' bitmaps.
      return or(
        and(isPublic(table), authorNotHidden(table, scope.viewerId)),
        and(eq(table.userId, scope.viewerId), isPrivate(table)),
        connectionsShared(table, scope.viewerId),
      );
    case 'public':
      return scope.viewerId === undefined ? isPublic(table) : and(isPublic(table), authorNotHidden(table, scope.viewerId));
    case 'ownPrivate':
      return and(eq(table.userId, scope.userId), isPrivate(table));
    case 'connectionsShared':
      return sharedByAuthor(table, scope.viewerId);
    case 'user':
      // One's own list first: OR stops there, and the rule's member lists are never computed.
      return and(
        eq(table.userId, scope.userId),
        sql`(${scope.userId}::uuid = ${scope.viewerId}::uuid OR ${visibleTo(table, scope.viewerId)})`,
      );
  }
}

/**
 * The search as a condition. Without a plan it is marked so the statement stays unnamed and
 * PostgreSQL plans it for the words of each call; `walk` calls the match as a function, which no
 * index serves, so the date index is walked; `gather` is the operator the GIN index serves.
 *
 * `gather` reads its words through a sub-select, which hides them from the planner: it then
 * estimates every call alike, so its generic plan costs no more than a custom one and the plan
 * cache keeps it. With the words in sight, a rare word's custom plan looked cheaper than the
 * generic one, so PostgreSQL planned the statement anew on every call (0.5 ms of 0.8 ms).
 */
function searchCondition(table: typeof tips | typeof guides, search: Bound, plan: SearchPlan | undefined): SQL {
  if (plan === 'walk') return sql`ts_match_vq(${table.searchVector}, ${search}::tsquery)`;
  // `recent` gathers too, for the months before its window (content-keys.repository.ts).
  if (plan === 'gather' || plan === 'recent') return sql`${table.searchVector} @@ (SELECT ${search}::tsquery)`;
  return plannedPerCall(sql`${table.searchVector} @@ ${search}::tsquery`);
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
  // A guide has no tip type: with a category, no guide is in the list (keysSql reads no guide).
  const tipType = f.tipType === undefined ? undefined : kind === 'tip' ? sql`${tips.tipTypeId} = ${f.tipType}::uuid` : sql`false`;
  return (
    and(
      scopeCondition(table, f.scope),
      f.search === undefined ? undefined : searchCondition(table, f.search, f.searchPlans?.[kind]),
      country,
      tipType,
    ) ?? sql`true`
  );
}

export const tipConditions = (f: ContentFilter): SQL => conditionsOf('tip', bound(f));
export const guideConditions = (f: ContentFilter): SQL => conditionsOf('guide', bound(f));

/**
 * The filter of a list's query: null when its search has no word in it (only punctuation, say),
 * which nothing matches, so the list is empty without asking the database.
 */
export function filterOf(
  scope: ContentFilter['scope'],
  query: { q?: string; country?: string; tipType?: string },
): ContentFilter | null {
  const term = query.q === undefined ? '' : normalizeForSearch(query.q);
  const search = term === '' ? undefined : searchQueryOf(term);
  return search === null ? null : { scope, search, country: query.country || undefined, tipType: query.tipType || undefined };
}
