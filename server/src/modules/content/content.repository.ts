/**
 * The content lists' other statements: counts, countries, the cards of a page (by id) and the
 * saved list. A page's keys are in content-keys.repository.ts, the filters in content-filter.ts.
 */
import { type SQL, and, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { ContentTab } from '@common/schemas/content';
import type { Executor } from '@db/client';
import { preparedPerDb } from '@db/prepared';
import { executeRows } from '@db/rows';
import { guides, profiles, savedItems, tipTypes, tips, users } from '@db/schema';
import { type Cursor, beforeCursor, cursorText, newestFirst } from '@server/lib/keyset';
import { type ContentFilter, guideConditions, tipConditions } from './content-filter';

export async function countContent(db: Executor, f: ContentFilter): Promise<{ tips: number; guides: number }> {
  const [tipCount] = await db.select({ n: count() }).from(tips).where(tipConditions(f));
  const [guideCount] = await db.select({ n: count() }).from(guides).where(guideConditions(f));
  return { tips: tipCount?.n ?? 0, guides: guideCount?.n ?? 0 };
}

/** Distinct countries of the tips and guides the filter lets through (unordered). */
export async function listCountries(db: Executor, f: ContentFilter): Promise<string[]> {
  const rows = await executeRows<{ country: string }>(
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

export const authorColumns = {
  authorName: profiles.name,
  authorUsername: profiles.username,
  authorPictureUrl: profiles.profilePictureUrl,
};

/** A tip card's columns of the tips table, beside its id, author and tip type. */
export const tipOwnColumns = {
  title: tips.title,
  country: tips.country,
  city: tips.city,
  placeName: tips.placeName,
  rating: tips.rating,
  description: tips.description,
  photoUrl: tips.photoUrl,
  photoUrls: tips.photoUrls,
  tags: tips.tags,
  isPrivate: tips.isPrivate,
  visibility: tips.visibility,
  hiddenAt: tips.hiddenAt,
  likesCount: tips.likesCount,
  createdAt: tips.createdAt,
};

export const guideOwnColumns = {
  title: guides.title,
  location: guides.location,
  countries: guides.countries,
  description: guides.description,
  daysCount: guides.daysCount,
  photoUrls: guides.photoUrls,
  tags: guides.tags,
  isPrivate: guides.isPrivate,
  visibility: guides.visibility,
  hiddenAt: guides.hiddenAt,
  likesCount: guides.likesCount,
  createdAt: guides.createdAt,
};

export const tipCardColumns = {
  id: tips.id,
  userId: tips.userId,
  ...authorColumns,
  tipTypeName: tipTypes.name,
  ...tipOwnColumns,
};
export const guideCardColumns = { id: guides.id, userId: guides.userId, ...authorColumns, ...guideOwnColumns };

/**
 * `= ANY(ids)`, not IN ($1, $2, ...): one statement text whatever the page's size. The ids are
 * read through a sub-select (cast, so ANY reads an array, not rows): seeing them, each custom plan
 * counted them and looked cheaper than the generic one, so the statement was planned on every
 * call (server/test/explain/plan-reuse.api.test.ts).
 */
const tipCards = preparedPerDb((db) =>
  db
    .select(tipCardColumns)
    .from(tips)
    .leftJoin(profiles, eq(profiles.userId, tips.userId))
    .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
    .where(sql`${tips.id} = ANY((SELECT ${sql.placeholder('ids')}::uuid[])::uuid[])`)
    .prepare('tip_cards'),
);

const guideCards = preparedPerDb((db) =>
  db
    .select(guideCardColumns)
    .from(guides)
    .leftJoin(profiles, eq(profiles.userId, guides.userId))
    .where(sql`${guides.id} = ANY((SELECT ${sql.placeholder('ids')}::uuid[])::uuid[])`)
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
/** The card fields read from the tips (guides) table itself. */
export type TipOwnFields = { [K in keyof typeof tipOwnColumns]: TipCardRow[K] };
export type GuideOwnFields = { [K in keyof typeof guideOwnColumns]: GuideCardRow[K] };
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
