/**
 * Who a session cookie belongs to, remembered per process (ADR 016): without it every
 * signed-in request paid three statements (session, user, role) before its own work.
 *
 * An entry is dropped, in every process, when its user's sessions, role or e-mail change or the
 * user goes: triggers (migration 0008) NOTIFY the user's id on `waymark_auth` at commit. This
 * process's own changes also evict at once (`forgetUser`), since its NOTIFY may arrive a few
 * milliseconds after the response. An entry also never outlives the session's expiry, its
 * 30-day limit or the moment better-auth would slide the expiry, so those still happen on time.
 * While the LISTEN connection is down, changes would go unheard: the cache is bypassed and
 * emptied, and used again once listening resumes.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@db/client';
import { type DurableListener, listenDurably } from '@server/lib/durable-listen';
import type { Viewer } from './viewer';

export const AUTH_CHANGES_CHANNEL = 'waymark_auth';
/** The longest an entry is trusted without a NOTIFY-free look at the database. */
export const SESSION_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  viewer: Viewer;
  validUntil: number;
}

export interface SessionCache {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The viewer remembered for this cookie value, or null (unknown, stale or cache bypassed). */
  get(cookieValue: string): Viewer | null;
  /** A token taken before the database read; `set` ignores the entry if anything changed since. */
  version(): number;
  set(cookieValue: string, viewer: Viewer, validUntil: number, version: number): void;
  forgetUser(userId: string): void;
  size(): number;
  /**
   * Calls `listener` with each user whose sessions, role or e-mail changed (heard or made here),
   * and with null when changes may have gone unheard (listening resumed after a loss). The live
   * streams use it to end with their session (ADR 034). Returns the unsubscribe.
   */
  onChange(listener: (userId: string | null) => void): () => void;
}

/** Entries are keyed by the cookie's hash: the raw token is never kept longer than a request. */
function keyOf(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('base64url');
}

export function createSessionCache(deps: { database: DatabaseHandle; log: FastifyBaseLogger }): SessionCache {
  const entries = new Map<string, Entry>();
  const keysByUser = new Map<string, Set<string>>();
  let listener: DurableListener | null = null;
  const changeListeners = new Set<(userId: string | null) => void>();
  const tell = (userId: string | null) => {
    for (const callback of changeListeners) callback(userId);
  };
  // Bumped by every eviction: a lookup that raced one must not store what it read.
  let changes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByUser.get(entry.viewer.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysByUser.delete(entry.viewer.userId);
  }

  function forgetUser(userId: string) {
    changes++;
    for (const key of keysByUser.get(userId) ?? []) entries.delete(key);
    keysByUser.delete(userId);
    tell(userId);
  }

  function clear() {
    changes++;
    entries.clear();
    keysByUser.clear();
  }

  const isUsable = () => listener?.isListening() === true;

  return {
    async start() {
      if (listener) return;
      listener = await listenDurably({
        database: deps.database,
        channel: AUTH_CHANGES_CHANNEL,
        onPayload: forgetUser,
        onLost: clear,
        onResume: () => {
          clear();
          tell(null);
        },
        log: deps.log,
      });
    },
    async stop() {
      const stopping = listener;
      listener = null;
      clear();
      await stopping?.stop();
    },
    get(cookieValue) {
      if (!isUsable()) return null;
      const key = keyOf(cookieValue);
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.validUntil <= Date.now()) {
        remove(key);
        return null;
      }
      return entry.viewer;
    },
    version: () => changes,
    set(cookieValue, viewer, validUntil, version) {
      if (!isUsable() || version !== changes || validUntil <= Date.now()) return;
      if (entries.size >= MAX_ENTRIES) {
        // The oldest entry (Map keeps insertion order) makes room.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
      const key = keyOf(cookieValue);
      remove(key);
      entries.set(key, { viewer, validUntil: Math.min(validUntil, Date.now() + SESSION_CACHE_TTL_MS) });
      let keys = keysByUser.get(viewer.userId);
      if (!keys) keysByUser.set(viewer.userId, (keys = new Set()));
      keys.add(key);
    },
    forgetUser,
    size: () => entries.size,
    onChange(callback) {
      changeListeners.add(callback);
      return () => changeListeners.delete(callback);
    },
  };
}
