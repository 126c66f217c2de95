/** What the live streams read from the database: the events a reconnecting stream missed, and a member's sessions. */
import type { Database } from '@db/client';
import type { LiveEvent } from './event-hub';
import { type SessionState, findMissedEvents, findSessionStates } from './realtime.repository';

/** At most this many missed events are replayed; older ones are gone anyway after 24 h. */
const REPLAY_LIMIT = 1_000;

export function createRealtimeService(deps: { db: Database }) {
  const { db } = deps;

  /** The caller's events (and broadcasts) after `afterId`, oldest first. */
  async function missedEvents(userId: string, afterId: number): Promise<LiveEvent[]> {
    const rows = await findMissedEvents(db, userId, afterId, REPLAY_LIMIT);
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  function sessionStates(userId: string): Promise<SessionState[]> {
    return findSessionStates(db, userId);
  }

  return { missedEvents, sessionStates };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
