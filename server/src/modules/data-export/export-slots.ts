/**
 * Exports running in this process (ADR 080): one per member at a time (409), and at most
 * `capacity` in all (429), since on PostgreSQL each holds a pooled connection for its snapshot.
 * A slot is released exactly once, however its download ends.
 */
import { DATA_EXPORT_TEXTS } from '@common/schemas/data-export';
import { ConflictError, TooManyRequestsError } from '@server/lib/errors';

export function createExportSlots(capacity: number) {
  const running = new Set<string>();

  function assertIdle(userId: string): void {
    if (running.has(userId)) throw new ConflictError(DATA_EXPORT_TEXTS.alreadyRunning);
  }

  /** Takes the member's slot; returns its release. */
  function claim(userId: string): () => void {
    assertIdle(userId);
    if (running.size >= capacity) throw new TooManyRequestsError(DATA_EXPORT_TEXTS.serverBusy);
    running.add(userId);
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      running.delete(userId);
    };
  }

  return {
    assertIdle,
    claim,
    isRunning: (userId: string) => running.has(userId),
    get size() {
      return running.size;
    },
  };
}

export type ExportSlots = ReturnType<typeof createExportSlots>;
