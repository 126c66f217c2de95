/**
 * Each viewer's map correction, kept per process (ADR 097). The correction (ADR 084: the public
 * tips of members hidden from the viewer, taken away; their connections' connections-only tips,
 * added) cost one index descent per connection on every map request. It is read once, for the
 * whole world, with the visibility epoch of its snapshot, and reused while the stored cells'
 * statement reads the same epoch: any commit that could change it (content's visibility,
 * moderation or place, a block, a connection, a suspension) counts a new one, in every process at
 * once, since the count is read from the database. A suspension's end changes it without a
 * commit: an entry never outlives the next one.
 */
import { setMostRecent } from '@server/lib/recent-map';
import { cellOfCode } from './map-grid';
import type { CellChange, Correction, CorrectionRow } from './viewer-changes';

/** Beyond this many rows (a member who blocked a prolific author) the map asks the database per view. */
export const MAX_CACHED_ROWS = 20_000;
const MAX_VIEWERS = 5_000;
/** A bound on an idle entry's life; the epoch, not this, keeps entries right. */
const MAX_AGE_MS = 10 * 60_000;

interface Entry extends Correction {
  validUntil: number;
  /** The rows grouped into one level's cells (and one country), by `${shift}:${country}`. */
  grouped: Map<string, CellChange[]>;
}

/** A cell that neither loses nor gains a tip. */
export const noChange = ({ x, y }: { x: number; y: number }): CellChange => ({
  x,
  y,
  removed: 0,
  removedLatitude: 0,
  removedLongitude: 0,
  added: 0,
  addedLatitude: 0,
  addedLongitude: 0,
  addedId: null,
});

/** The rows in each cell of the level `shift` gives (a stored map_cell >> shift), in one country or all. */
export function groupedChanges(rows: CorrectionRow[], shift: number, country: string | undefined): CellChange[] {
  const byCode = new Map<bigint, CellChange & { code: bigint }>();
  const by = BigInt(shift);
  for (const row of rows) {
    if (country !== undefined && row.country !== country) continue;
    const code = row.cell >> by;
    let change = byCode.get(code);
    if (!change) {
      change = { code, ...noChange(cellOfCode(code)) };
      byCode.set(code, change);
    }
    if (row.id === null) {
      change.removed++;
      change.removedLatitude += row.latitude;
      change.removedLongitude += row.longitude;
    } else {
      change.added++;
      change.addedLatitude += row.latitude;
      change.addedLongitude += row.longitude;
      if (change.addedId === null || row.id < change.addedId) change.addedId = row.id;
    }
  }
  return [...byCode.values()].map(({ code: _code, ...change }) => change);
}

export function createViewerCorrections(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();

  return {
    /** The viewer's changes at this level, or null when none is kept for this epoch. */
    changes(viewerId: string, epoch: string, shift: number, country: string | undefined): CellChange[] | null {
      const entry = entries.get(viewerId);
      if (!entry) return null;
      if (entry.epoch !== epoch || entry.validUntil <= now()) {
        entries.delete(viewerId);
        return null;
      }
      setMostRecent(entries, viewerId, entry, MAX_VIEWERS);
      const key = `${shift}:${country ?? ''}`;
      let changes = entry.grouped.get(key);
      if (!changes) {
        changes = groupedChanges(entry.rows, shift, country);
        entry.grouped.set(key, changes);
      }
      return changes;
    },
    /** Keeps a correction read from the database (the caller leaves out one over MAX_CACHED_ROWS). */
    keep(viewerId: string, correction: Correction): void {
      const validUntil = Math.min(now() + MAX_AGE_MS, correction.nextExpiry);
      setMostRecent(entries, viewerId, { ...correction, validUntil, grouped: new Map() }, MAX_VIEWERS);
    },
    size: () => entries.size,
  };
}

export type ViewerCorrections = ReturnType<typeof createViewerCorrections>;
