/** A guide's stops with their places, for GET /api/guides/:id/map. */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { guideTips, guides, tips } from '@db/schema';

export async function findGuidePlaces(db: Executor, id: string) {
  const [row] = await db
    .select({ userId: guides.userId, isPrivate: guides.isPrivate, countries: guides.countries, daysCount: guides.daysCount })
    .from(guides)
    .where(eq(guides.id, id));
  return row;
}

/** The items in itinerary order with their tip's place and privacy (a custom item has no tip). */
export function listStops(db: Executor, guideId: string) {
  return db
    .select({
      itemId: guideTips.id,
      dayNumber: guideTips.dayNumber,
      customTitle: guideTips.customTitle,
      customPlaceName: guideTips.customPlaceName,
      tipId: tips.id,
      tipUserId: tips.userId,
      tipIsPrivate: tips.isPrivate,
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
