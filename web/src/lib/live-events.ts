import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@common/limits';
import type { LiveEventType } from '@common/schemas/live-event';

/**
 * The live stream (DECISIONS A3): ONE EventSource per tab to GET /api/events. Each event names what
 * changed and the matching queries are refetched. The stream counts as live once its `ready`
 * event arrives; until then, after an error, or when `ready` does not come within
 * POLL_INTERVALS_MS.liveConfirmationTimeout, `isLive` is false and the queries poll
 * (`refetchInterval: isLive ? false : POLL_INTERVALS_MS.x`).
 */

export const LIVE_EVENTS_URL = '/api/events';

/** Which query keys each live event refreshes. */
export const LIVE_EVENT_QUERY_KEYS: Record<Exclude<LiveEventType, 'ready'>, readonly string[]> = {
  notifications: ['notifications'],
  connections: ['connections'],
  'system-messages': ['system-messages'],
};

/** The part of EventSource the connection uses (tests pass a fake). */
export type LiveSource = {
  readonly readyState: number;
  addEventListener(type: string, listener: () => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
};

type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type LiveConnectionOptions = {
  createSource: (url: string) => LiveSource;
  /** Called with the query key to invalidate for each change event. */
  onChange: (queryKey: readonly string[]) => void;
  onStatus: (isLive: boolean) => void;
  timeoutMs?: number;
  /** Delay before opening a new stream when the browser gave up on one (readyState CLOSED). */
  reopenDelayMs?: number;
  timers?: Timers;
};

const CLOSED = 2;

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Opens the stream and keeps it open. A dropped stream is reconnected by EventSource itself (it
 * sends Last-Event-ID); a stream the browser closed for good (an HTTP error answer) is reopened
 * here after `reopenDelayMs`. Returns the function that closes everything.
 */
export function openLiveConnection({
  createSource,
  onChange,
  onStatus,
  timeoutMs = POLL_INTERVALS_MS.liveConfirmationTimeout,
  reopenDelayMs = POLL_INTERVALS_MS.systemMessages,
  timers = defaultTimers,
}: LiveConnectionOptions): () => void {
  let source: LiveSource | null = null;
  let confirmTimer: unknown = null;
  let reopenTimer: unknown = null;
  let isStopped = false;

  const clearConfirmTimer = () => {
    if (confirmTimer !== null) timers.clearTimeout(confirmTimer);
    confirmTimer = null;
  };

  const waitForConfirmation = () => {
    clearConfirmTimer();
    // Not confirmed in time: stay on polling (a later `ready` still switches to live).
    confirmTimer = timers.setTimeout(() => {
      confirmTimer = null;
      onStatus(false);
    }, timeoutMs);
  };

  const open = () => {
    if (isStopped) return;
    const current = createSource(LIVE_EVENTS_URL);
    source = current;
    waitForConfirmation();

    current.addEventListener('ready', () => {
      clearConfirmTimer();
      onStatus(true);
      // Every `ready` (first connect and each reconnect) refetches the live queries: events
      // between the first fetch and the stream, or out of id order on resume, are covered
      // (docs/decisions/012-live-events.md).
      for (const key of Object.values(LIVE_EVENT_QUERY_KEYS)) onChange(key);
    });
    for (const [type, key] of Object.entries(LIVE_EVENT_QUERY_KEYS)) {
      current.addEventListener(type, () => onChange(key));
    }
    current.onerror = () => {
      onStatus(false);
      if (current.readyState === CLOSED) {
        // The browser will not retry this one: open a new stream later.
        clearConfirmTimer();
        current.close();
        if (source === current) source = null;
        if (reopenTimer === null && !isStopped) {
          reopenTimer = timers.setTimeout(() => {
            reopenTimer = null;
            open();
          }, reopenDelayMs);
        }
      } else {
        // EventSource reconnects by itself; expect a new `ready` within the timeout.
        waitForConfirmation();
      }
    };
  };

  open();

  return () => {
    isStopped = true;
    clearConfirmTimer();
    if (reopenTimer !== null) timers.clearTimeout(reopenTimer);
    reopenTimer = null;
    source?.close();
    source = null;
    onStatus(false);
  };
}

// --- The tab-wide status store -------------------------------------------------------------

let isLiveNow = false;
const listeners = new Set<() => void>();

function setLive(next: boolean) {
  if (next === isLiveNow) return;
  isLiveNow = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => isLiveNow;
const getServerSnapshot = () => false;

/** Whether the live stream is confirmed; queries poll while it is not. */
export function useLiveStatus(): { isLive: boolean } {
  return { isLive: useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot) };
}

let openConnections = 0;

/**
 * Keeps the tab's one live stream open while `enabled` (signed-in members). Mount once, in the
 * member layout; a second mount is refused so a tab never holds two streams.
 */
export function useLiveEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined' || openConnections > 0) return;
    openConnections += 1;
    const close = connectQueryClient(queryClient);
    return () => {
      openConnections -= 1;
      close();
    };
  }, [enabled, queryClient]);
}

function connectQueryClient(queryClient: QueryClient) {
  return openLiveConnection({
    createSource: (url) => new EventSource(url, { withCredentials: true }),
    onChange: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
    onStatus: setLive,
  });
}
