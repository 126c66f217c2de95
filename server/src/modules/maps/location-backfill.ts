/**
 * Places the tips written before tips had places (issue 22, ADR 061): after the server listens,
 * it walks the tips no locator has tried (location_precision IS NULL) by id, in batches, and
 * stores each one's link point, city centre or 'none'. A tip edited meanwhile keeps what its edit
 * wrote (the UPDATE only touches rows still untried), and several servers may run it at once.
 */
import type { Database } from '@db/client';
import { countUntriedTips, storeUntriedLocation, untriedTips } from './location-backfill.repository';
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
    const batch = await untriedTips(db, after, batchSize);
    if (batch.length === 0) return placed;
    const located = await Promise.all(batch.map(async (row) => ({ id: row.id, ...(await locator.locate(row, undefined)) })));
    await db.transaction(async (tx) => {
      for (const row of located) {
        const { id, ...place } = row;
        await storeUntriedLocation(tx, id, place);
      }
    });
    placed += located.filter((r) => r.locationPrecision !== 'none').length;
    after = batch.at(-1)?.id;
  }
}

/** How many tips still wait for the walk (for the log). */
export function unlocatedCount(db: Database): Promise<number> {
  return countUntriedTips(db);
}
