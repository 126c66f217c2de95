/** Every SQL statement of guides and their itinerary items (guide_tips). */
import type { Visibility } from '@common/schemas/visibility';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { preparedPerDb } from '@db/prepared';
import { guideTips, guides, likes, profiles, savedItems, tips } from '@db/schema';
import { visibleTo } from '@db/visibility';
import { guideCardColumns } from '../content/content.repository';

export interface GuideValues {
  title: string;
  location: string | null;
  countries: string[];
  description: string | null;
  daysCount: number;
  photoUrls: string[];
  tags: string[];
  visibility: Visibility;
  searchText: string;
}

export interface GuideItemValues {
  tipId: string | null;
  dayNumber: number;
  orderInDay: number;
  customTitle: string | null;
  customDescription: string | null;
  customPlaceName: string | null;
}

/** Owner, privacy and photos of a guide; `lock` takes the row lock a write needs. */
export async function findGuideAccess(db: Executor, id: string, lock = false, viewerId?: string) {
  const query = db
    .select({
      id: guides.id,
      userId: guides.userId,
      isPrivate: guides.isPrivate,
      photoUrls: guides.photoUrls,
      // Whether viewerId may see it (ADR 081): a non-owner learns 403 only of a guide they see.
      visible: viewerId ? sql<boolean>`${visibleTo(guides, viewerId)}` : sql<boolean>`false`,
    })
    .from(guides)
    .where(eq(guides.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

const guideDetail = preparedPerDb((db) =>
  db
    .select({
      ...guideCardColumns,
      visible: sql<boolean>`${visibleTo(guides, sql.placeholder('viewerId'))}`,
      hasLiked: sql<boolean>`exists (select 1 from ${likes} where ${likes.guideId} = ${guides.id} and ${likes.userId} = ${sql.placeholder('viewerId')})`,
      hasSaved: sql<boolean>`exists (select 1 from ${savedItems} where ${savedItems.guideId} = ${guides.id} and ${savedItems.userId} = ${sql.placeholder('viewerId')})`,
    })
    .from(guides)
    .leftJoin(profiles, eq(profiles.userId, guides.userId))
    .where(eq(guides.id, sql.placeholder('id')))
    .prepare('guide_detail'),
);

/** The guide's card columns and photos, and whether the viewer liked and saved it; built once (db/prepared.ts). */
export async function findGuideDetail(db: Executor, id: string, viewerId: string) {
  const [row] = await guideDetail(db).execute({ id, viewerId });
  return row;
}

/**
 * An itinerary item's columns, its tip's among them, with `tipVisible` the reader's rule: a
 * member's (the guide page) or a shared link's (the public page, guide-sharing). One list, so the
 * two pages cannot drift apart.
 */
export const guideItemColumns = (tipVisible: SQL) => ({
  id: guideTips.id,
  dayNumber: guideTips.dayNumber,
  orderInDay: guideTips.orderInDay,
  customTitle: guideTips.customTitle,
  customDescription: guideTips.customDescription,
  customPlaceName: guideTips.customPlaceName,
  tipId: tips.id,
  tipVisible: sql<boolean>`coalesce(${tipVisible}, false)`,
  tipTitle: tips.title,
  tipCity: tips.city,
  tipCountry: tips.country,
  tipPlaceName: tips.placeName,
  tipDescription: tips.description,
  tipPhotoUrls: tips.photoUrls,
});

const guideItems = preparedPerDb((db) =>
  db
    // The whole rule (ADR 081): levels, connections, blocks, suspensions, moderators' hides.
    .select(guideItemColumns(visibleTo(tips, sql.placeholder('viewerId'))))
    .from(guideTips)
    .leftJoin(tips, eq(tips.id, guideTips.tipId))
    .where(eq(guideTips.guideId, sql.placeholder('guideId')))
    .orderBy(asc(guideTips.dayNumber), asc(guideTips.orderInDay))
    .prepare('guide_items'),
);

/** The items in itinerary order, each with its linked tip (if any) and whether `viewerId` may see it. */
export function listGuideItems(db: Executor, guideId: string, viewerId: string) {
  return guideItems(db).execute({ guideId, viewerId });
}

/**
 * The ids among `tipIds` that are tips of `userId`. FOR SHARE keeps them from being deleted
 * until the guide's transaction commits.
 */
export async function lockOwnTips(db: Executor, userId: string, tipIds: string[]): Promise<Set<string>> {
  if (tipIds.length === 0) return new Set();
  const rows = await db
    .select({ id: tips.id })
    .from(tips)
    .where(and(inArray(tips.id, tipIds), eq(tips.userId, userId)))
    .for('share');
  return new Set(rows.map((r) => r.id));
}

export async function insertGuide(db: Executor, userId: string, values: GuideValues): Promise<string> {
  const [row] = await db
    .insert(guides)
    .values({ userId, ...values })
    .returning({ id: guides.id });
  if (!row) throw new Error('guide was not written');
  return row.id;
}

export async function updateGuide(db: Executor, id: string, values: GuideValues): Promise<void> {
  await db
    .update(guides)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(guides.id, id));
}

/** Replaces every item of the guide (call inside the guide's transaction). */
export async function replaceGuideItems(db: Executor, guideId: string, items: GuideItemValues[]): Promise<void> {
  await db.delete(guideTips).where(eq(guideTips.guideId, guideId));
  if (items.length > 0) await db.insert(guideTips).values(items.map((item) => ({ guideId, ...item })));
}

/** Deletes the guide; its items, likes, saves and notifications go with it (ON DELETE CASCADE). */
export async function deleteGuide(db: Executor, id: string): Promise<void> {
  await db.delete(guides).where(eq(guides.id, id));
}
