/**
 * One live stream per browser, shared by its tabs (docs/product.md#live-updates, ADR 034). Browsers
 * allow six HTTP/1.1 connections per host: a stream per tab froze the seventh tab. The tabs
 * elect a leader with a Web Lock; the leader alone holds the EventSource and passes what it
 * hears to the others over a BroadcastChannel. A browser releases a tab's locks when the tab
 * closes or crashes, so the next waiting tab takes over and opens the stream (its `ready`
 * refetches everything, covering the gap). Without Web Locks or BroadcastChannel each tab
 * keeps its own stream, as before.
 */

/** What a server-sent change said: a block, unblock or removal names the other member (ADR 086); absent for the refresh after `ready`. */
export type LiveChange = { memberId?: string };

export const LIVE_LOCK_NAME = 'waymark-live-stream';
export const LIVE_CHANNEL_NAME = 'waymark-live';

/** What the tabs tell each other. */
export type TabMessage =
  | { kind: 'change'; queryKey: readonly string[]; change?: LiveChange }
  | { kind: 'status'; isLive: boolean }
  | { kind: 'session-ended' }
  /** A new tab asks the leader for the current status. */
  | { kind: 'hello' };

/** The part of BroadcastChannel used here (tests pass a fake). */
export interface TabChannel {
  postMessage(message: TabMessage): void;
  onmessage: ((event: { data: TabMessage }) => void) | null;
  close(): void;
}

/** The part of navigator.locks used here (tests pass a fake). */
export interface TabLocks {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

export interface StreamHandlers {
  onChange(queryKey: readonly string[], change?: LiveChange): void;
  onStatus(isLive: boolean): void;
  onSessionEnded(): void;
}

export interface SharedLiveStreamOptions extends StreamHandlers {
  /** Opens this tab's own stream (openLiveConnection); returns its close. */
  openStream(handlers: StreamHandlers): () => void;
  locks?: TabLocks;
  createChannel?: () => TabChannel;
  /** Told when this tab becomes (true) or stops being (false) the one holding the stream. */
  onLeadership?(isLeader: boolean): void;
}

export interface SharedLiveStream {
  stop: () => void;
}

/** Tells the browser's other tabs, from a tab whose stream is already stopped, that the session ended. */
export function announceSessionEnded(createChannel: () => TabChannel) {
  const channel = createChannel();
  channel.postMessage({ kind: 'session-ended' });
  channel.close();
}

export function startSharedLiveStream(o: SharedLiveStreamOptions): SharedLiveStream {
  if (!o.locks || !o.createChannel) {
    const close = o.openStream(o);
    return { stop: close };
  }
  const channel = o.createChannel();
  const abort = new AbortController();
  let isLeader = false;
  let isLive = false;
  let releaseLock: (() => void) | null = null;
  let closeStream: (() => void) | null = null;

  const post = (message: TabMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // The channel is closed (the tab is going away).
    }
  };

  channel.onmessage = ({ data }) => {
    if (data.kind === 'hello') {
      if (isLeader) post({ kind: 'status', isLive });
    } else if (data.kind === 'change') o.onChange(data.queryKey, data.change);
    else if (data.kind === 'status') o.onStatus(data.isLive);
    else if (data.kind === 'session-ended') o.onSessionEnded();
  };

  const lead = async () => {
    if (abort.signal.aborted) return;
    isLeader = true;
    o.onLeadership?.(true);
    closeStream = o.openStream({
      onChange(queryKey, change) {
        o.onChange(queryKey, change);
        post({ kind: 'change', queryKey, ...(change ? { change } : {}) });
      },
      onStatus(next) {
        isLive = next;
        o.onStatus(next);
        post({ kind: 'status', isLive: next });
      },
      onSessionEnded() {
        o.onSessionEnded();
        post({ kind: 'session-ended' });
      },
    });
    // Held until this tab stops (or closes: the browser releases the lock with it).
    await new Promise<void>((resolve) => (releaseLock = resolve));
  };

  o.locks.request(LIVE_LOCK_NAME, { signal: abort.signal }, lead).catch(() => {
    // Aborted while waiting: this tab stopped before its turn came.
  });
  post({ kind: 'hello' });

  return {
    stop() {
      abort.abort();
      channel.onmessage = null;
      if (isLeader) {
        closeStream?.();
        closeStream = null;
        isLeader = false;
        o.onLeadership?.(false);
        // The others poll until the next leader confirms its stream.
        post({ kind: 'status', isLive: false });
      }
      releaseLock?.();
      releaseLock = null;
      channel.close();
    },
  };
}
