import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@common/limits';
import { SESSION_ENDED_EVENT, type LiveEventType } from '@common/live-event-names';
import {
  LIVE_CHANNEL_NAME,
  type LiveChange,
  type TabChannel,
  type TabLocks,
  announceSessionEnded,
  startSharedLiveStream,
} from './shared-live-stream';

/**
 * The live stream (docs/product.md#live-updates): ONE EventSource per browser to GET /api/events, held by one
 * tab and shared with the others (shared-live-stream.ts). Each event names what
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

export type { LiveChange };

/** The member a `connections` event's data names, if any (`{ memberId, change }`). */
export function liveChangeOf(data: unknown): LiveChange {
  if (typeof data !== 'string') return {};
  try {
    const value = JSON.parse(data) as { memberId?: unknown };
    return typeof value.memberId === 'string' ? { memberId: value.memberId } : {};
  } catch {
    return {};
  }
}

/** The part of EventSource the connection uses (tests pass a fake). */
export type LiveSource = {
  readonly readyState: number;
  addEventListener(type: string, listener: (event?: { data?: unknown }) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
};

type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type LiveConnectionOptions = {
  createSource: (url: string) => LiveSource;
  /**
   * Called with the query key to invalidate for each change event; `change` only for an event the
   * server sent (not the refresh every `ready` makes), with the member it names, if any.
   */
  onChange: (queryKey: readonly string[], change?: LiveChange) => void;
  onStatus: (isLive: boolean) => void;
  /** The server ended the stream with its session (ADR 034): ask who is signed in. */
  onSessionEnded?: () => void;
  timeoutMs?: number;
  /** Delay before opening a new stream when the browser gave up on one (readyState CLOSED). */
  reopenDelayMs?: number;
  /** Delay before trying again after `session-ended` (a new session, e.g. after a password change). */
  afterSessionEndedDelayMs?: number;
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
  onSessionEnded,
  timeoutMs = POLL_INTERVALS_MS.liveConfirmationTimeout,
  reopenDelayMs = POLL_INTERVALS_MS.systemMessages,
  afterSessionEndedDelayMs = 3_000,
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

  /** Closes `current` for good and opens a new stream after `delayMs`. */
  const reopenLater = (current: LiveSource, delayMs: number) => {
    clearConfirmTimer();
    current.close();
    if (source === current) source = null;
    if (reopenTimer === null && !isStopped) {
      reopenTimer = timers.setTimeout(() => {
        reopenTimer = null;
        open();
      }, delayMs);
    }
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
      current.addEventListener(type, (event) => onChange(key, liveChangeOf(event?.data)));
    }
    current.addEventListener(SESSION_ENDED_EVENT, () => {
      // EventSource would reconnect with the ended session; the app asks who is signed in, and
      // a member with a new session (password changed here) gets a new stream a little later.
      onStatus(false);
      reopenLater(current, afterSessionEndedDelayMs);
      onSessionEnded?.();
    });
    current.onerror = () => {
      onStatus(false);
      if (current.readyState === CLOSED) {
        // The browser will not retry this one (an HTTP error, 401 or 429): open a new stream
        // later, and ask who is signed in (a 401: the session ended while no stream was open).
        reopenLater(current, reopenDelayMs);
        onSessionEnded?.();
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
let sessionEndedHeardAt = 0;

const browserLocks = (): TabLocks | undefined =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
const browserChannel =
  typeof BroadcastChannel === 'undefined' ? undefined : () => new BroadcastChannel(LIVE_CHANNEL_NAME) as unknown as TabChannel;

/**
 * Keeps the browser's one live stream (shared by its tabs, shared-live-stream.ts) while `enabled`
 * (signed-in members). Mount once, in the member layout; a second mount is refused so a tab never
 * joins twice. `onSessionEnded` runs in every tab when the session ends (the server's
 * `session-ended`, or another tab that stopped being a member's): ask who is signed in now.
 */
export function useLiveEvents(
  enabled: boolean,
  onSessionEnded: () => void,
  /** A connection changed (accept, remove, block, unblock; issue 25): the member named, if any. */
  onConnectionChange?: (change: LiveChange) => void,
) {
  const queryClient = useQueryClient();
  // The stream outlives renders; it calls the latest onSessionEnded.
  const sessionEnded = useEffectEvent(onSessionEnded);
  const connectionChanged = useEffectEvent((change: LiveChange) => onConnectionChange?.(change));
  const wasEnabled = useRef(false);

  useEffect(() => {
    // Signed out or no longer a member here, not because another tab said so: tell the others.
    const isOwnNews = Date.now() - sessionEndedHeardAt > 5_000;
    if (wasEnabled.current && !enabled && isOwnNews && browserChannel) announceSessionEnded(browserChannel);
    wasEnabled.current = enabled;
  }, [enabled]);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined' || openConnections > 0) return;
    openConnections += 1;
    const shared = startSharedLiveStream({
      openStream: (handlers) =>
        openLiveConnection({ createSource: (url) => new EventSource(url, { withCredentials: true }), ...handlers }),
      onChange: (queryKey, change) => {
        // A connection that begins or ends (or a block) changes what the member may see almost
        // anywhere: profiles, lists, counts, notifications. Everything on screen refetches.
        if (change && queryKey[0] === 'connections') {
          void queryClient.invalidateQueries();
          connectionChanged(change);
        } else void queryClient.invalidateQueries({ queryKey });
      },
      onStatus: setLive,
      onSessionEnded: () => {
        sessionEndedHeardAt = Date.now();
        sessionEnded();
      },
      locks: browserLocks(),
      createChannel: browserChannel,
    });
    return () => {
      openConnections -= 1;
      shared.stop();
      setLive(false);
    };
  }, [enabled, queryClient]);
}
