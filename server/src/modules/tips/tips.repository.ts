import type { Visibility } from '@common/schemas/visibility';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { preparedPerDb } from '@db/prepared';
import { guideTips, likes, profiles, savedItems, tipTypes, tips } from '@db/schema';
import { visibleTo } from '@db/visibility';

/** What a tip row is written from (the service derives photoUrl and searchText). */
export interface TipValues {
  title: string;
  tipTypeId: string | null;
  rating: number | null;
  country: string;
  city: string;
  placeName: string | null;
  googleMapsUrl: string | null;
  experienceDate: Date | null;
  valueSpent: string | null;
  currency: string | null;
  description: string;
  detailedContent: string | null;
  photoUrls: string[];
  photoUrl: string | null;
  tags: string[];
  visibility: Visibility;
  searchText: string;
  /** Absent: the stored place stays as it is. */
  latitude?: number | null;
  longitude?: number | null;
  locationPrecision?: string;
}

export async function insertTip(db: Executor, userId: string, values: TipValues): Promise<string> {
  const [row] = await db
    .insert(tips)
    .values({ ...values, userId })
    .returning({ id: tips.id });
  if (!row) throw new Error('tip was not written');
  return row.id;
}

export async function updateTip(db: Executor, id: string, values: TipValues): Promise<void> {
  await db
    .update(tips)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tips.id, id));
}

/**
 * Owner, privacy and photos of a tip, locked until the transaction ends (edit and delete);
 * `visible`: whether `viewerId` may see it (ADR 081), so a non-owner learns 403 only of a tip
 * they may see and 404 of any other.
 */
export async function lockTip(db: Executor, id: string, viewerId?: string) {
  const [row] = await db
    .select({
      id: tips.id,
      userId: tips.userId,
      isPrivate: tips.isPrivate,
      visible: viewerId ? sql<boolean>`${visibleTo(tips, viewerId)}` : sql<boolean>`false`,
      title: tips.title,
      description: tips.description,
      placeName: tips.placeName,
      city: tips.city,
      country: tips.country,
      photoUrls: tips.photoUrls,
      locationPrecision: tips.locationPrecision,
    })
    .from(tips)
    .where(eq(tips.id, id))
    .for('update');
  return row;
}
export type LockedTip = NonNullable<Awaited<ReturnType<typeof lockTip>>>;

const tipDetail = preparedPerDb((db) =>
  db
    .select({
      id: tips.id,
      userId: tips.userId,
      title: tips.title,
      tipTypeId: tips.tipTypeId,
      tipTypeName: tipTypes.name,
      rating: tips.rating,
      country: tips.country,
      city: tips.city,
      placeName: tips.placeName,
      googleMapsUrl: tips.googleMapsUrl,
      latitude: tips.latitude,
      longitude: tips.longitude,
      locationPrecision: tips.locationPrecision,
      experienceDate: tips.experienceDate,
      valueSpent: tips.valueSpent,
      currency: tips.currency,
      description: tips.description,
      detailedContent: tips.detailedContent,
      photoUrls: tips.photoUrls,
      photoUrl: tips.photoUrl,
      tags: tips.tags,
      isPrivate: tips.isPrivate,
      visibility: tips.visibility,
      hiddenAt: tips.hiddenAt,
      likesCount: tips.likesCount,
      createdAt: tips.createdAt,
      authorName: profiles.name,
      authorUsername: profiles.username,
      authorPictureUrl: profiles.profilePictureUrl,
      visible: sql<boolean>`${visibleTo(tips, sql.placeholder('viewerId'))}`,
      hasLiked: sql<boolean>`exists (select 1 from ${likes} where ${likes.tipId} = ${tips.id} and ${likes.userId} = ${sql.placeholder('viewerId')})`,
      hasSaved: sql<boolean>`exists (select 1 from ${savedItems} where ${savedItems.tipId} = ${tips.id} and ${savedItems.userId} = ${sql.placeholder('viewerId')})`,
    })
    .from(tips)
    .leftJoin(profiles, eq(profiles.userId, tips.userId))
    .leftJoin(tipTypes, eq(tipTypes.id, tips.tipTypeId))
    .where(eq(tips.id, sql.placeholder('id')))
    .prepare('tip_detail'),
);

/** A tip with its author, category and the viewer's like and save; built once (db/prepared.ts). */
export async function findTipDetail(db: Executor, id: string, viewerId: string) {
  const [row] = await tipDetail(db).execute({ id, viewerId });
  return row;
}
export type TipDetailRow = NonNullable<Awaited<ReturnType<typeof findTipDetail>>>;

/** The guide editor's picker: the user's own tips, newest first. */
export function listTipOptions(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: tips.id,
      title: tips.title,
      city: tips.city,
      country: tips.country,
      placeName: tips.placeName,
      description: tips.description,
    })
    .from(tips)
    .where(eq(tips.userId, userId))
    .orderBy(desc(tips.createdAt), desc(tips.id))
    .limit(limit);
}

export async function tipTypeExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: tipTypes.id }).from(tipTypes).where(eq(tipTypes.id, id));
  return row !== undefined;
}

/**
 * Guide items that point at a public tip keep what the reader saw, as custom items (ADR 006): the
 * tip's title, description and place (its place name, else "city, country"). Items that point at
 * a private tip go with it (ADR 030): readers only ever saw a placeholder there, and a custom
 * item would publish the tip's text to everyone who can read the guide.
 */
export async function detachFromGuides(db: Executor, tip: LockedTip): Promise<void> {
  if (tip.isPrivate) {
    await db.delete(guideTips).where(eq(guideTips.tipId, tip.id));
    return;
  }
  await db
    .update(guideTips)
    .set({
      tipId: null,
      customTitle: sql`coalesce(${guideTips.customTitle}, ${tip.title})`,
      customDescription: sql`coalesce(${guideTips.customDescription}, ${tip.description})`,
      customPlaceName: sql`coalesce(${guideTips.customPlaceName}, ${tip.placeName ?? `${tip.city}, ${tip.country}`})`,
    })
    .where(eq(guideTips.tipId, tip.id));
}

/** Deletes the tip; its likes, saves and notifications go with it (foreign keys cascade). */
export async function deleteTip(db: Executor, id: string): Promise<void> {
  await db.delete(tips).where(eq(tips.id, id));
}
