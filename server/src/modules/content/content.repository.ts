/**
 * Every SQL statement of the content lists (a member's content, explore, saved). Lists are keyset
 * pages over (created_at DESC, id DESC), never OFFSET. Mixed lists are one UNION ALL of tip and
 * guide keys, each branch already ordered and limited so each uses its own index; the cards of
 * a page are then read by id.
 */
import { type Placeholder, type SQL, and, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ContentTab } from '../../../../common/schemas/content';
import type { Executor } from '../../../../db/client';
import { preparedPerDb, preparedPerShape } from '../../../../db/prepared';
import { guides, profiles, savedItems, tipTypes, tips, users } from '../../../../db/schema';
import { isPrivate, isPublic } from '../../../../db/visibility';
import { type Cursor, beforeCursor, beforeKey, cursorText } from '../../lib/keyset';

/**
 * visible (explore, saved): public items plus the viewer's own; user: one member's items;
 * public and ownPrivate: the two disjoint halves of visible (see keyBranches).
 */
type Scope<Id> =
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
type Bound = string | Placeholder;

/** A filter as the SQL uses it: the search as its LIKE pattern; absent = no condition. */
interface BoundFilter {
  scope: Scope<Bound>;
  pattern?: Bound;
  country?: Bound;
}

function bound(f: ContentFilter): BoundFilter {
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

function conditionsOf(kind: 'tip' | 'guide', f: BoundFilter): SQL {
  const table = kind === 'tip' ? tips : guides;
  const country =
    f.country === undefined
      ? undefined
      : kind === 'tip'
        ? eq(tips.country, f.country)
        : // @> (not = ANY) so the GIN index on countries can answer it.
          sql`${guides.countries} @> ARRAY[${f.country}]::text[]`;
  return (
    and(scopeCondition(table, f.scope), f.pattern === undefined ? undefined : sql`${table.searchText} LIKE ${f.pattern}`, country) ??
    sql`true`
  );
}

export const tipConditions = (f: ContentFilter): SQL => conditionsOf('tip', bound(f));
export const guideConditions = (f: ContentFilter): SQL => conditionsOf('guide', bound(f));

export interface ContentKey {
  kind: 'tip' | 'guide';
  id: string;
  cursorTs: string;
}

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Plain DESC, the order the keyset indexes are built in (db/schema.ts), so they are walked, not sorted. */
function newestFirst(column: PgColumn): SQL {
  return sql`${column} DESC`;
}

/** Where a page starts and how many keys it reads (the page's size + 1). */
interface KeyPage {
  after?: { createdAt: Bound; id: Bound };
  rows: number | Placeholder;
}

function keyBranch(kind: 'tip' | 'guide', f: BoundFilter, page: KeyPage): SQL {
  const table = kind === 'tip' ? tips : guides;
  const where = and(conditionsOf(kind, f), page.after ? beforeKey(table.createdAt, table.id, page.after.createdAt, page.after.id) : undefined);
  return sql`(SELECT ${sql.raw(`'${kind}'`)} AS kind, ${table.id} AS id, ${table.createdAt} AS created_at, ${table.createdAt}::text AS cursor_ts
    FROM ${table} WHERE ${where}
    ORDER BY ${newestFirst(table.createdAt)}, ${newestFirst(table.id)} LIMIT ${page.rows})`;
}

/**
 * The filters whose branches together give the page. "Public or mine" is split into its two
 * disjoint halves so each can walk an index already in (created_at, id) order
 * (tips_public_created_idx, tips_user_created_idx and the guides' twins) and stop after
 * limit + 1 rows, instead of sorting every visible row.
 */
function keyBranches(kinds: ('tip' | 'guide')[], f: BoundFilter, page: KeyPage): SQL[] {
  const filters: BoundFilter[] =
    f.scope.kind === 'visible'
      ? [
          { ...f, scope: { kind: 'public' } },
          { ...f, scope: { kind: 'ownPrivate', userId: f.scope.viewerId } },
        ]
      : [f];
  return kinds.flatMap((kind) => filters.map((filter) => keyBranch(kind, filter, page)));
}

function keysSql(type: ContentTab, f: BoundFilter, page: KeyPage): SQL {
  const kinds: ('tip' | 'guide')[] = type === 'tips' ? ['tip'] : type === 'guides' ? ['guide'] : ['tip', 'guide'];
  const branches = keyBranches(kinds, f, page);
  if (branches.length === 1 && branches[0]) return branches[0];
  return sql`${sql.join(branches, sql` UNION ALL `)} ORDER BY created_at DESC, id DESC LIMIT ${page.rows}`;
}

/** The keys of one page (limit + 1 rows), newest first; 'all' mixes tips and guides. */
export function contentKeysQuery(type: ContentTab, f: ContentFilter, cursor: Cursor | null, limit: number): SQL {
  return keysSql(type, bound(f), { after: cursor ?? undefined, rows: limit + 1 });
}

/** Everything that changes the keys query's text; the values are filled in when it runs. */
interface KeysShape {
  type: ContentTab;
  scope: ContentFilter['scope']['kind'];
  includePrivate: boolean;
  search: boolean;
  country: boolean;
  after: boolean;
}

const keysPlaceholders = {
  userId: sql.placeholder('userId'),
  pattern: sql.placeholder('pattern'),
  country: sql.placeholder('country'),
  cursorTs: sql.placeholder('cursorTs'),
  cursorId: sql.placeholder('cursorId'),
  rows: sql.placeholder('rows'),
};

function placeholderScope(shape: KeysShape): Scope<Bound> {
  const id = keysPlaceholders.userId;
  if (shape.scope === 'visible') return { kind: 'visible', viewerId: id };
  if (shape.scope === 'user') return { kind: 'user', userId: id, includePrivate: shape.includePrivate };
  if (shape.scope === 'ownPrivate') return { kind: 'ownPrivate', userId: id };
  return { kind: 'public' };
}

const keyPages = preparedPerShape((db, key: string) => {
  const shape = JSON.parse(key) as KeysShape;
  const p = keysPlaceholders;
  const filter: BoundFilter = {
    scope: placeholderScope(shape),
    pattern: shape.search ? p.pattern : undefined,
    country: shape.country ? p.country : undefined,
  };
  const page: KeyPage = { after: shape.after ? { createdAt: p.cursorTs, id: p.cursorId } : undefined, rows: p.rows };
  // Searches stay unnamed: their best plan depends on the word (db/named-statements.ts).
  const name = shape.search ? '' : `content_keys_${Object.values(shape).join('_')}`;
  return db
    .select({ kind: sql<'tip' | 'guide'>`kind`, id: sql<string>`id`, cursorTs: sql<string>`cursor_ts` })
    .from(sql`(${keysSql(shape.type, filter, page)}) AS page`)
    .orderBy(sql`created_at DESC, id DESC`)
    .prepare(name);
});

/** The keys of one page (limit + 1 rows), newest first; built once per shape (db/prepared.ts). */
export function listContentKeys(db: Executor, type: ContentTab, f: ContentFilter, cursor: Cursor | null, limit: number): Promise<ContentKey[]> {
  const scope = f.scope;
  const userId = scope.kind === 'visible' ? scope.viewerId : scope.kind === 'public' ? undefined : scope.userId;
  const shape: KeysShape = {
    type,
    scope: scope.kind,
    includePrivate: scope.kind === 'user' && scope.includePrivate,
    search: Boolean(f.q),
    country: Boolean(f.country),
    after: cursor !== null,
  };
  return keyPages(db, JSON.stringify(shape)).execute({
    userId,
    pattern: f.q ? containsPattern(f.q) : undefined,
    country: f.country,
    cursorTs: cursor?.createdAt,
    cursorId: cursor?.id,
    rows: limit + 1,
  });
}

export async function countContent(db: Executor, f: ContentFilter): Promise<{ tips: number; guides: number }> {
  const [tipCount] = await db.select({ n: count() }).from(tips).where(tipConditions(f));
  const [guideCount] = await db.select({ n: count() }).from(guides).where(guideConditions(f));
  return { tips: tipCount?.n ?? 0, guides: guideCount?.n ?? 0 };
}

/** Distinct countries of the tips and guides the filter lets through (unordered). */
export async function listCountries(db: Executor, f: ContentFilter): Promise<string[]> {
  const rows = await rowsOf<{ country: string }>(
    db,
    sql`SELECT ${tips.country} AS country FROM ${tips} WHERE ${tipConditions(f)}
      UNION
      SELECT unnest(${guides.countries}) AS country FROM ${guides} WHERE ${guideConditions(f)}`,
  );
  return rows.map((r) => r.country);
}

export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

// ---- Cards ----

const authorColumns = {
  authorName: profiles.name,
  authorUsername: profiles.username,
  authorPictureUrl: profiles.profilePictureUrl,
};

export const tipCardColumns = {
  id: tips.id,
  userId: tips.userId,
  ...authorColumns,
  title: tips.title,
  tipTypeName: tipTypes.name,
  country: tips.country,
  city: tips.city,
  placeName: tips.placeName,
  rating: tips.rating,
  description: tips.description,
  photoUrl: tips.photoUrl,
  photoUrls: tips.photoUrls,
  tags: tips.tags,
  isPrivate: tips.isPrivate,
  likesCount: tips.likesCount,
  createdAt: tips.createdAt,
};

export const guideCardColumns = {
  id: guides.id,
  userId: guides.userId,
  ...authorColumns,
  title: guides.title,
  location: guides.location,
  countries: guides.countries,
  description: guides.description,
  daysCount: guides.daysCount,
  photoUrls: guides.photoUrls,
  tags: guides.tags,
  isPrivate: guides.isPrivate,
  likesCount: guides.likesCount,
  createdAt: guides.createdAt,
};

/** `= ANY($1::uuid[])`, not IN ($1, $2, ...): one statement text whatever the page's size. */
const tipCards = preparedPerDb((db) =>
  db
    .select(tipCardColumns)
    .from(tips)
    .leftJoin(profiles, eq(profiles.userId, tips.userId))
    .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
    .where(sql`${tips.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('tip_cards'),
);

const guideCards = preparedPerDb((db) =>
  db
    .select(guideCardColumns)
    .from(guides)
    .leftJoin(profiles, eq(profiles.userId, guides.userId))
    .where(sql`${guides.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
    .prepare('guide_cards'),
);

/** The cards of a page's tips, in no particular order; built once (db/prepared.ts). */
export function tipCardRows(db: Executor, ids: string[]) {
  return tipCards(db).execute({ ids });
}

export function guideCardRows(db: Executor, ids: string[]) {
  return guideCards(db).execute({ ids });
}

export type TipCardRow = Awaited<ReturnType<typeof tipCardRows>>[number];
export type GuideCardRow = Awaited<ReturnType<typeof guideCardRows>>[number];

// ---- Saved ----

function savedTargetCondition(type: ContentTab, f: ContentFilter): SQL | undefined {
  const tipBranch = and(isNotNull(tips.id), tipConditions(f));
  const guideBranch = and(isNotNull(guides.id), guideConditions(f));
  if (type === 'tips') return tipBranch;
  if (type === 'guides') return guideBranch;
  return or(tipBranch, guideBranch);
}

/** The viewer's saved rows whose item they can still see, newest saved first (limit + 1). */
export function listSavedKeys(
  db: Executor,
  userId: string,
  type: ContentTab,
  f: ContentFilter,
  cursor: Cursor | null,
  limit: number,
) {
  return db
    .select({
      id: savedItems.id,
      tipId: savedItems.tipId,
      guideId: savedItems.guideId,
      savedAt: savedItems.createdAt,
      cursorTs: cursorText(savedItems.createdAt),
    })
    .from(savedItems)
    .leftJoin(tips, eq(tips.id, savedItems.tipId))
    .leftJoin(guides, eq(guides.id, savedItems.guideId))
    .where(
      and(
        eq(savedItems.userId, userId),
        beforeCursor(savedItems.createdAt, savedItems.id, cursor),
        savedTargetCondition(type, f),
      ),
    )
    .orderBy(newestFirst(savedItems.createdAt), newestFirst(savedItems.id))
    .limit(limit + 1);
}

export async function countSaved(db: Executor, userId: string, f: ContentFilter): Promise<{ tips: number; guides: number }> {
  const [tipCount] = await db
    .select({ n: count() })
    .from(savedItems)
    .innerJoin(tips, eq(tips.id, savedItems.tipId))
    .where(and(eq(savedItems.userId, userId), tipConditions(f)));
  const [guideCount] = await db
    .select({ n: count() })
    .from(savedItems)
    .innerJoin(guides, eq(guides.id, savedItems.guideId))
    .where(and(eq(savedItems.userId, userId), guideConditions(f)));
  return { tips: tipCount?.n ?? 0, guides: guideCount?.n ?? 0 };
}

/** Deletes one saved row of the user; false when there is no such row of theirs. */
export async function deleteSavedItem(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedItems)
    .where(and(eq(savedItems.id, id), eq(savedItems.userId, userId)))
    .returning({ id: savedItems.id });
  return rows.length > 0;
}
