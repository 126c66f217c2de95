/** The SQL of the location walk (ADR 061): the untried tips by id, and each one's place. */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { tips } from '@db/schema';
import type { StoredLocation } from './tip-locator';

/** The next `limit` tips no locator has tried, after the id `after`. */
export function untriedTips(db: Executor, after: string | undefined, limit: number) {
  return db
    .select({ id: tips.id, googleMapsUrl: tips.googleMapsUrl, country: tips.country, city: tips.city })
    .from(tips)
    .where(and(isNull(tips.locationPrecision), after === undefined ? undefined : gt(tips.id, after)))
    .orderBy(asc(tips.id))
    .limit(limit);
}

/** Stores a tip's place, unless an edit placed it meanwhile (only rows still untried change). */
export async function storeUntriedLocation(db: Executor, id: string, place: StoredLocation): Promise<void> {
  await db
    .update(tips)
    .set(place)
    .where(and(eq(tips.id, id), isNull(tips.locationPrecision)));
}

export async function countUntriedTips(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tips)
    .where(isNull(tips.locationPrecision));
  return row?.n ?? 0;
}
