/** A guide's stops with their places, for GET /api/guides/:id/map. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { guideTips, guides, tips } from '@db/schema';
import { visibleTo } from '@db/visibility';

/** The guide's countries and days, and whether the viewer may see it (ADR 081; content/readable's mayRead). */
export async function findGuidePlaces(db: Executor, id: string, viewerId: string) {
  const [row] = await db
    .select({
      visible: sql<boolean>`${visibleTo(guides, viewerId)}`,
      visibility: guides.visibility,
      hiddenAt: guides.hiddenAt,
      countries: guides.countries,
      daysCount: guides.daysCount,
    })
    .from(guides)
    .where(eq(guides.id, id));
  return row;
}

/** The items in itinerary order with their tip's place and whether the viewer may see it (a custom item has no tip). */
export function listStops(db: Executor, guideId: string, viewerId: string) {
  return db
    .select({
      itemId: guideTips.id,
      dayNumber: guideTips.dayNumber,
      customTitle: guideTips.customTitle,
      customPlaceName: guideTips.customPlaceName,
      tipId: tips.id,
      tipVisible: sql<boolean>`coalesce(${visibleTo(tips, viewerId)}, false)`,
      tipTitle: tips.title,
      tipMapsUrl: tips.googleMapsUrl,
      latitude: tips.latitude,
      longitude: tips.longitude,
      locationPrecision: tips.locationPrecision,
    })
    .from(guideTips)
    .leftJoin(tips, eq(tips.id, guideTips.tipId))
    .where(eq(guideTips.guideId, guideId))
    .orderBy(asc(guideTips.dayNumber), asc(guideTips.orderInDay));
}
