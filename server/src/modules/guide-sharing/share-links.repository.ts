/** Every SQL statement of guide share links (ADR 068) and of what a shared link shows. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { guideShareLinks, guideTips, guides, profiles, tips } from '@db/schema';
import { authorNotHidden } from '@db/visibility';
import { guideItemColumns } from '../guides/guides.repository';

export async function findLink(db: Executor, guideId: string) {
  const [row] = await db
    .select({ key: guideShareLinks.key, expiresAt: guideShareLinks.expiresAt, createdAt: guideShareLinks.createdAt })
    .from(guideShareLinks)
    .where(eq(guideShareLinks.guideId, guideId));
  return row;
}

/** Creates the guide's link, or changes the expiry of the one it has (its key, so its URL, stays). */
export async function upsertLink(db: Executor, guideId: string, expiresAt: Date | null) {
  const [row] = await db
    .insert(guideShareLinks)
    .values({ guideId, expiresAt })
    .onConflictDoUpdate({ target: guideShareLinks.guideId, set: { expiresAt } })
    .returning({ key: guideShareLinks.key, expiresAt: guideShareLinks.expiresAt, createdAt: guideShareLinks.createdAt });
  if (!row) throw new Error('share link was not written');
  return row;
}

export async function deleteLink(db: Executor, guideId: string): Promise<void> {
  await db.delete(guideShareLinks).where(eq(guideShareLinks.guideId, guideId));
}

/**
 * The guide a link's key opens, with the link's expiry and the author's name. `authorShown` is
 * false while its author is suspended (ADR 081: a link has no viewer, so blocks do not apply).
 */
export async function findSharedGuide(db: Executor, key: string) {
  const [row] = await db
    .select({
      id: guides.id,
      expiresAt: guideShareLinks.expiresAt,
      isPrivate: guides.isPrivate,
      authorShown: sql<boolean>`${authorNotHidden(guides, null)}`,
      title: guides.title,
      location: guides.location,
      countries: guides.countries,
      description: guides.description,
      daysCount: guides.daysCount,
      tags: guides.tags,
      photoUrls: guides.photoUrls,
      authorName: profiles.name,
    })
    .from(guideShareLinks)
    .innerJoin(guides, eq(guides.id, guideShareLinks.guideId))
    .leftJoin(profiles, eq(profiles.userId, guides.userId))
    .where(eq(guideShareLinks.key, key));
  return row;
}

/** The guide's items in itinerary order, each with its tip's fields and whether anyone may see it. */
export function listSharedItems(db: Executor, guideId: string) {
  return (
    db
      // Anyone holding the link: public tips of authors nobody has hidden.
      .select(guideItemColumns(sql`${tips.isPrivate} = false AND ${authorNotHidden(tips, null)}`))
      .from(guideTips)
      .leftJoin(tips, eq(tips.id, guideTips.tipId))
      .where(eq(guideTips.guideId, guideId))
      .orderBy(asc(guideTips.dayNumber), asc(guideTips.orderInDay))
  );
}
