/**
 * What Explore keeps per viewer, per process (ADR 097): the members hidden from them and the keys
 * of their connections' newest connections-only items. A page binds them instead of computing
 * the lists and walking the connections' items in its statement, and says the visibility epoch
 * it was read at: the kept lists hold only when it is the one they were read at
 * (content.service.ts reads them again otherwise). Like the map's corrections, an entry also ends
 * at the soonest end of an active suspension, after 10 idle minutes, and beyond 2,000 viewers.
 */
import type { Executor } from '@db/client';
import { type Cursor, isAfterKey, timestampMicros } from '@server/lib/keyset';
import type { KeptPageValues, KeptTable } from './content-page.repository';
import { readViewerShares } from './viewer-shares.repository';

/** Kept keys per table; a viewer whose connections share more has their oldest read by the statement. */
export const KEPT_SHARES = 100;
const MAX_VIEWERS = 2_000;
const MAX_AGE_MS = 10 * 60_000;

export interface ViewerShares extends KeptPageValues {
  epoch: string;
  /** Each kept key's time in microseconds, to find where a cursor falls among them. */
  micros: { tip: number[]; guide: number[] };
}

interface Entry extends ViewerShares {
  validUntil: number;
}

function keptTable(ts: string[], ids: string[], keep: number): KeptTable {
  return { ts: ts.slice(0, keep), ids: ids.slice(0, keep), complete: ids.length <= keep };
}

/**
 * The first `rows` kept keys after the cursor: a page holds at most `rows`, so no later one can be
 * on it, and the statement binds a few keys instead of all of them. The oldest kept key (where
 * keys cut short stop) stays the table's.
 */
export function keptAfter(
  table: KeptTable,
  micros: number[],
  cursor: Cursor | null,
  rows: number,
): KeptTable & { oldest?: { ts: string; id: string } } {
  let from = 0;
  if (cursor) {
    const key = { ts: timestampMicros(cursor.createdAt), id: cursor.id };
    // Keys are newest first: the first one after the cursor, by binary search.
    let high = table.ids.length;
    while (from < high) {
      const middle = (from + high) >> 1;
      if (isAfterKey({ ts: micros[middle]!, id: table.ids[middle]! }, key)) high = middle;
      else from = middle + 1;
    }
  }
  const last = table.ids.length - 1;
  return {
    ts: table.ts.slice(from, from + rows),
    ids: table.ids.slice(from, from + rows),
    complete: table.complete,
    oldest: table.complete || last < 0 ? undefined : { ts: table.ts[last]!, id: table.ids[last]! },
  };
}

export function createViewerShares(deps: { db: Executor; keep?: number; now?: () => number }) {
  const { db, keep = KEPT_SHARES, now = Date.now } = deps;
  const entries = new Map<string, Entry>();

  function remember(viewerId: string, entry: Entry): Entry {
    entries.delete(viewerId);
    entries.set(viewerId, entry);
    if (entries.size > MAX_VIEWERS) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return entry;
  }

  return {
    /** The viewer's kept lists, read now when none are kept or they are past their time. */
    async of(viewerId: string): Promise<ViewerShares> {
      const entry = entries.get(viewerId);
      if (entry && entry.validUntil > now()) return remember(viewerId, entry);
      const row = await readViewerShares(db, viewerId, keep);
      const nextExpiry = row.nextExpiry === null ? Infinity : new Date(row.nextExpiry).getTime();
      const tip = keptTable(row.tipTs, row.tipIds, keep);
      const guide = keptTable(row.guideTs, row.guideIds, keep);
      return remember(viewerId, {
        epoch: row.epoch,
        hidden: row.hidden,
        tip,
        guide,
        micros: { tip: tip.ts.map(timestampMicros), guide: guide.ts.map(timestampMicros) },
        validUntil: Math.min(now() + MAX_AGE_MS, nextExpiry),
      });
    },
    /** A page said another epoch: the kept lists may be wrong. */
    forget(viewerId: string): void {
      entries.delete(viewerId);
    },
    size: () => entries.size,
  };
}

export type ViewerSharesCache = ReturnType<typeof createViewerShares>;
