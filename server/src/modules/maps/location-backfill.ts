/**
 * Places the tips written before tips had places (issue 22, ADR 061): after the server listens,
 * it walks the tips no locator has tried (location_precision IS NULL) by id, in batches, and
 * stores each one's link point, city centre or 'none'. A tip edited meanwhile keeps what its edit
 * wrote (the UPDATE only touches rows still untried), and several servers may run it at once.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@db/client';
import { tips } from '@db/schema';
import type { TipLocator } from './tip-locator';

export interface BackfillOptions {
  db: Database;
  locator: TipLocator;
  batchSize?: number;
  /** Checked between batches: the server stops the walk when it shuts down. */
  isStopped?: () => boolean;
}

export async function backfillTipLocations({ db, locator, batchSize = 200, isStopped }: BackfillOptions): Promise<number> {
  let placed = 0;
  let after: string | undefined;
  for (;;) {
    if (isStopped?.()) return placed;
    const batch = await db
      .select({ id: tips.id, googleMapsUrl: tips.googleMapsUrl, country: tips.country, city: tips.city })
      .from(tips)
      .where(and(isNull(tips.locationPrecision), after === undefined ? undefined : gt(tips.id, after)))
      .orderBy(asc(tips.id))
      .limit(batchSize);
    if (batch.length === 0) return placed;
    const located = await Promise.all(batch.map(async (row) => ({ id: row.id, ...(await locator.locate(row, undefined)) })));
    await db.transaction(async (tx) => {
      for (const row of located) {
        const { id, ...place } = row;
        await tx
          .update(tips)
          .set(place)
          .where(and(eq(tips.id, id), isNull(tips.locationPrecision)));
      }
    });
    placed += located.filter((r) => r.locationPrecision !== 'none').length;
    after = batch.at(-1)?.id;
  }
}

/** How many tips still wait for the walk (for the log). */
export async function unlocatedCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tips)
    .where(isNull(tips.locationPrecision));
  return row?.n ?? 0;
}
