/**
 * The process's newest public keys of tips and guides (ADR 097), one copy for every viewer. They
 * are read in the background, never while a page waits: a page finds them current or is computed
 * by the statement (content.service.ts), and a read starts, at most one at a time and one a
 * second (12,000 keys took 75 ms on the bench set). They are read again when a page's statement
 * says another visibility epoch (a public item added, removed or hidden) or after ten minutes.
 */
import type { Executor } from '@db/client';
import { type KeyList, keyList } from './kept-page';
import { readPublicKeys } from './public-keys.repository';

/** Enough for Explore's deep pages (5,000 items in, the bench's deepest) from memory. */
export const KEPT_PUBLIC = 6_000;
const MAX_AGE_MS = 10 * 60_000;
const MIN_READ_INTERVAL_MS = 1_000;

export interface PublicKeys {
  epoch: string;
  tip: KeyList;
  guide: KeyList;
  validUntil: number;
}

export function createPublicKeys(deps: { db: Executor; keep?: number; now?: () => number }) {
  const { db, keep = KEPT_PUBLIC, now = Date.now } = deps;
  let current: PublicKeys | null = null;
  let reading: Promise<void> | null = null;
  let lastRead = -Infinity;

  function readSoon(): void {
    if (reading || now() - lastRead < MIN_READ_INTERVAL_MS) return;
    lastRead = now();
    reading = readPublicKeys(db, keep)
      .then((row) => {
        current = {
          epoch: row.epoch,
          tip: keyList({ ts: row.tipTs, ids: row.tipIds, users: row.tipUsers, places: row.tipPlaces }, keep),
          guide: keyList({ ts: row.guideTs, ids: row.guideIds, users: row.guideUsers, places: row.guidePlaces }, keep),
          validUntil: now() + MAX_AGE_MS,
        };
      })
      // A failed read leaves the keys unknown: pages are computed until the next one.
      .catch(() => undefined)
      .finally(() => {
        reading = null;
      });
  }

  return {
    /** The keys, or null (a read starts) when there are none current. */
    current(): PublicKeys | null {
      if (current && current.validUntil > now()) return current;
      current = null;
      readSoon();
      return null;
    },
    /** A statement said another epoch than this one: read them again. */
    forget(epoch: string): void {
      if (current?.epoch !== epoch) return;
      current = null;
      readSoon();
    },
    /** Resolves once no read is under way (tests). */
    settled: (): Promise<void> => reading ?? Promise.resolve(),
  };
}

export type PublicKeysCache = ReturnType<typeof createPublicKeys>;
