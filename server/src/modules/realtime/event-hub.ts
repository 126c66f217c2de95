/**
 * The event hub (DECISIONS A3, docs/decisions/012): one LISTEN on `waymark_events` per process,
 * fanned out to the open SSE streams of the event's user (or of everyone when userId is null).
 * Also prunes events older than the retention window, on start and hourly.
 *
 * When PostgreSQL drops the LISTEN connection (restart, network cut) the hub listens again with
 * backoff, then tells its `onResume` callbacks: NOTIFYs sent meanwhile reached nobody, so the
 * routes end the open streams and the clients come back with Last-Event-ID and get the replay
 * (docs/decisions/014). PGlite runs in the process and never drops it.
 */
import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../../../db/client';
import { events } from '../../../../db/schema';

export const EVENTS_CHANNEL = 'waymark_events';
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Backoff of the LISTEN reconnection: 250 ms, doubling, at most 5 s (plus up to 25 % jitter). */
export const RELISTEN_FIRST_DELAY_MS = 250;
const RELISTEN_MAX_DELAY_MS = 5_000;

export interface LiveEvent {
  id: number;
  userId: string | null;
  type: string;
  payload: unknown;
}

export type Deliver = (event: LiveEvent) => void;

export interface EventHub {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Streams of `userId` get its own events and everyone's; returns the unsubscribe function. */
  subscribe(userId: string, deliver: Deliver): () => void;
  /** Deletes events older than the retention window; returns how many went. */
  prune(): Promise<number>;
  /** Open streams (for tests and logs). */
  size(): number;
  /** Called after the LISTEN connection was lost and is back; returns the unsubscribe function. */
  onResume(callback: () => void): () => void;
}

/** The NOTIFY payload the events trigger sends (json_build_object of the row). */
export function parseEventPayload(text: string): LiveEvent | null {
  try {
    const value = JSON.parse(text) as Partial<LiveEvent>;
    if (typeof value.id !== 'number' || typeof value.type !== 'string') return null;
    return {
      id: value.id,
      userId: typeof value.userId === 'string' ? value.userId : null,
      type: value.type,
      payload: value.payload ?? {},
    };
  } catch {
    return null;
  }
}

export function createEventHub(deps: { database: DatabaseHandle; log: FastifyBaseLogger }): EventHub {
  const { database, log } = deps;
  const byUser = new Map<string, Set<Deliver>>();
  const resumeCallbacks = new Set<() => void>();
  let unlisten: (() => Promise<void>) | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  let relistenTimer: NodeJS.Timeout | null = null;
  let isRunning = false;

  function dispatch(text: string) {
    const event = parseEventPayload(text);
    if (!event) {
      log.warn({ payload: text }, 'realtime: unreadable event notification');
      return;
    }
    const targets = event.userId === null ? [...byUser.values()] : [byUser.get(event.userId)].filter((s) => s !== undefined);
    for (const set of targets) {
      for (const deliver of set) {
        try {
          deliver(event);
        } catch (error) {
          log.warn({ err: error }, 'realtime: delivering an event failed');
        }
      }
    }
  }

  async function prune(): Promise<number> {
    const cutoff = new Date(Date.now() - EVENT_RETENTION_MS);
    const rows = await database.db.delete(events).where(lt(events.createdAt, cutoff)).returning({ id: events.id });
    return rows.length;
  }

  function pruneQuietly() {
    prune()
      .then((count) => count > 0 && log.info({ count }, 'realtime: pruned old events'))
      .catch((error: unknown) => log.warn({ err: error }, 'realtime: pruning events failed'));
  }

  const listen = () => database.listen(EVENTS_CHANNEL, dispatch, onLost);

  function onLost(error?: Error) {
    unlisten = null;
    if (!isRunning) return;
    log.warn({ err: error }, 'realtime: the LISTEN connection was lost; listening again');
    relisten(RELISTEN_FIRST_DELAY_MS);
  }

  function relisten(delayMs: number) {
    if (!isRunning || relistenTimer) return;
    const jittered = delayMs * (1 + Math.random() * 0.25);
    relistenTimer = setTimeout(async () => {
      relistenTimer = null;
      try {
        const stop = await listen();
        if (!isRunning) return void (await stop());
        unlisten = stop;
      } catch (error) {
        log.debug({ err: error }, 'realtime: listening again failed; retrying');
        return relisten(Math.min(delayMs * 2, RELISTEN_MAX_DELAY_MS));
      }
      log.info('realtime: listening again');
      for (const callback of [...resumeCallbacks]) callback();
    }, jittered);
  }

  return {
    async start() {
      if (isRunning) return;
      unlisten = await listen();
      isRunning = true;
      pruneQuietly();
      pruneTimer = setInterval(pruneQuietly, PRUNE_EVERY_MS);
      pruneTimer.unref();
    },
    async stop() {
      isRunning = false;
      if (pruneTimer) clearInterval(pruneTimer);
      pruneTimer = null;
      if (relistenTimer) clearTimeout(relistenTimer);
      relistenTimer = null;
      resumeCallbacks.clear();
      const stopListening = unlisten;
      unlisten = null;
      byUser.clear();
      if (stopListening) await stopListening().catch(() => undefined);
    },
    subscribe(userId, deliver) {
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(deliver);
      return () => {
        const current = byUser.get(userId);
        if (!current) return;
        current.delete(deliver);
        if (current.size === 0) byUser.delete(userId);
      };
    },
    onResume(callback) {
      resumeCallbacks.add(callback);
      return () => resumeCallbacks.delete(callback);
    },
    prune,
    size: () => [...byUser.values()].reduce((n, s) => n + s.size, 0),
  };
}

