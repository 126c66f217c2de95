/**
 * `sessions.last_seen_at`, written cheaply (ADR 074): at most once per LAST_SEEN_INTERVAL_MS per
 * session and process, and only when a request had to look its session up anyway (the session
 * cache answers most requests without touching the sessions row, and still does). A member who
 * keeps using the app misses the cache about once a minute (its entries live 60 s), which is
 * often enough for "last seen" to the nearest few minutes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@db/client';
import { setMostRecent } from '@server/lib/recent-map';
import { touchSession } from './member-sessions.repository';

export const LAST_SEEN_INTERVAL_MS = 5 * 60_000;
const MAX_REMEMBERED = 50_000;

export interface LastSeen {
  /** The session was used now: written if its last write is older than the interval. */
  touch(sessionId: string): Promise<void>;
}

export function createLastSeen(deps: { db: Database; log: FastifyBaseLogger }): LastSeen {
  /** When this process last wrote each session's time (insertion order: oldest first). */
  const writtenAt = new Map<string, number>();

  return {
    async touch(sessionId) {
      const now = Date.now();
      const last = writtenAt.get(sessionId);
      if (last !== undefined && now - last < LAST_SEEN_INTERVAL_MS) return;
      setMostRecent(writtenAt, sessionId, now, MAX_REMEMBERED);
      try {
        await touchSession(deps.db, sessionId, LAST_SEEN_INTERVAL_MS);
      } catch (error) {
        // A missed "last seen" is harmless; the request it rides on must not fail for it.
        deps.log.warn({ err: error }, 'sessions: recording last use failed');
      }
    },
  };
}
