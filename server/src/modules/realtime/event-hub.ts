/**
 * The event hub (docs/product.md#live-updates, ADR 012): one LISTEN on `waymark_events` per process,
 * fanned out to the open SSE streams of the event's user (or of everyone when userId is null).
 * Also prunes events older than the retention window, on start and hourly.
 *
 * When PostgreSQL drops the LISTEN connection the hub listens again (lib/durable-listen) and
 * tells its `onResume` callbacks: NOTIFYs sent meanwhile reached nobody, so the routes end the
 * open streams and the clients come back with Last-Event-ID and get the replay
 * (ADR 014).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@db/client';
import { type DurableListener, listenDurably } from '@server/lib/durable-listen';
import { deleteEventsBefore } from './realtime.repository';

export const EVENTS_CHANNEL = 'waymark_events';
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

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
  let listener: DurableListener | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;

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
    return deleteEventsBefore(database.db, cutoff);
  }

  function pruneQuietly() {
    prune()
      .then((count) => count > 0 && log.info({ count }, 'realtime: pruned old events'))
      .catch((error: unknown) => log.warn({ err: error }, 'realtime: pruning events failed'));
  }

  return {
    async start() {
      if (listener) return;
      listener = await listenDurably({
        database,
        channel: EVENTS_CHANNEL,
        onPayload: dispatch,
        onResume: () => {
          for (const callback of [...resumeCallbacks]) callback();
        },
        log,
      });
      pruneQuietly();
      pruneTimer = setInterval(pruneQuietly, PRUNE_EVERY_MS);
      pruneTimer.unref();
    },
    async stop() {
      if (pruneTimer) clearInterval(pruneTimer);
      pruneTimer = null;
      resumeCallbacks.clear();
      byUser.clear();
      const stopping = listener;
      listener = null;
      await stopping?.stop();
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
