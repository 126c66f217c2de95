/**
 * What Explore keeps per viewer, per process (ADR 097): the members hidden from them, and the
 * keys of their own newest not-public items and of their connections' newest connections-only
 * ones. With the process's public keys (public-keys.ts) they make a page without computing
 * anything in SQL (kept-page.ts); the page's statement says the visibility epoch, and the kept
 * lists hold only while it is the one they were read at. Like the public keys they are read in
 * the background (5-15 ms for the bench member), at most once per 5 s per viewer, so that while
 * visibility changes often pages are computed as before instead. An entry also ends at the
 * soonest end of an active suspension, after 10 idle minutes, and beyond 2,000 viewers.
 */
import type { Executor } from '@db/client';
import { suspensionEndMillis } from '@db/visibility';
import { setMostRecent } from '@server/lib/recent-map';
import { type KeyList, keyList } from './kept-page';
import { readViewerShares } from './viewer-shares.repository';

/** Kept keys per list; a page past the oldest of a list cut short is computed by the statement. */
export const KEPT_SHARES = 100;
const MAX_VIEWERS = 2_000;
const MAX_AGE_MS = 10 * 60_000;
const MIN_READ_INTERVAL_MS = 5_000;

export interface ViewerShares {
  epoch: string;
  hidden: ReadonlySet<string>;
  shared: { tip: KeyList; guide: KeyList };
  own: { tip: KeyList; guide: KeyList };
}

interface Entry extends ViewerShares {
  validUntil: number;
}

export function createViewerShares(deps: { db: Executor; keep?: number; now?: () => number }) {
  const { db, keep = KEPT_SHARES, now = Date.now } = deps;
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<void>>();
  /** When each viewer's last read started (as bounded as the entries). */
  const lastRead = new Map<string, number>();

  function readSoon(viewerId: string): void {
    if (reading.has(viewerId) || now() - (lastRead.get(viewerId) ?? -Infinity) < MIN_READ_INTERVAL_MS) return;
    setMostRecent(lastRead, viewerId, now(), MAX_VIEWERS);
    const read = readViewerShares(db, viewerId, keep)
      .then((row) => {
        setMostRecent(
          entries,
          viewerId,
          {
            epoch: row.epoch,
            hidden: new Set(row.hidden),
            shared: {
              tip: keyList({ ts: row.tipTs, ids: row.tipIds, places: row.tipPlaces }, keep),
              guide: keyList({ ts: row.guideTs, ids: row.guideIds, places: row.guidePlaces }, keep),
            },
            own: {
              tip: keyList({ ts: row.ownTipTs, ids: row.ownTipIds, places: row.ownTipPlaces }, keep),
              guide: keyList({ ts: row.ownGuideTs, ids: row.ownGuideIds, places: row.ownGuidePlaces }, keep),
            },
            validUntil: Math.min(now() + MAX_AGE_MS, suspensionEndMillis(row.nextExpiry)),
          },
          MAX_VIEWERS,
        );
      })
      // A failed read leaves the lists unknown: pages are computed until the next one.
      .catch(() => undefined)
      .finally(() => reading.delete(viewerId));
    reading.set(viewerId, read);
  }

  return {
    /** The viewer's kept lists, or null (a read starts) when none are current. */
    current(viewerId: string): ViewerShares | null {
      const entry = entries.get(viewerId);
      if (entry && entry.validUntil > now()) {
        setMostRecent(entries, viewerId, entry, MAX_VIEWERS);
        return entry;
      }
      entries.delete(viewerId);
      readSoon(viewerId);
      return null;
    },
    /** A statement said another epoch: the kept lists may be wrong. */
    forget(viewerId: string): void {
      entries.delete(viewerId);
      readSoon(viewerId);
    },
    /** Resolves once no read is under way (tests). */
    settled: async (): Promise<void> => {
      await Promise.all(reading.values());
    },
    size: () => entries.size,
  };
}

export type ViewerSharesCache = ReturnType<typeof createViewerShares>;
