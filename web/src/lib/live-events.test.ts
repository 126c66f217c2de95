import { describe, expect, it } from 'vitest';
import { POLL_INTERVALS_MS } from '@common/limits';
import { LIVE_EVENTS_URL, openLiveConnection, type LiveSource } from './live-events';

class FakeSource implements LiveSource {
  readyState = 0;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, ((event?: { data?: unknown }) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event?: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  emit(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(data === undefined ? undefined : { data });
  }

  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const changes: string[] = [];
  const said: (object | undefined)[] = [];
  const statuses: boolean[] = [];
  const sessionEnds: number[] = [];
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let nextId = 1;
  const timers = {
    setTimeout: (callback: () => void, ms: number) => {
      const id = nextId++;
      pending.set(id, { callback, ms });
      return id;
    },
    clearTimeout: (handle: unknown) => void pending.delete(handle as number),
  };
  const runTimers = (ms: number) => {
    for (const [id, timer] of [...pending]) {
      if (timer.ms === ms) {
        pending.delete(id);
        timer.callback();
      }
    }
  };
  const close = openLiveConnection({
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    onChange: (key, change) => {
      changes.push(key.join('/'));
      said.push(change);
    },
    onStatus: (isLive) => statuses.push(isLive),
    onSessionEnded: () => sessionEnds.push(sources.length),
    reopenDelayMs: 1_000,
    afterSessionEndedDelayMs: 3_000,
    timers,
  });
  const at = (index: number) => {
    const source = sources[index];
    if (!source) throw new Error(`No stream ${index}`);
    return source;
  };
  return { sources, at, changes, said, statuses, sessionEnds, pending, runTimers, close };
}

describe('openLiveConnection', () => {
  it('opens one stream to /api/events and goes live on ready', () => {
    const t = setup();
    expect(t.sources).toHaveLength(1);
    expect(t.at(0).url).toBe(LIVE_EVENTS_URL);
    expect(t.statuses).toEqual([]);
    t.at(0).emit('ready');
    expect(t.statuses).toEqual([true]);
    // The confirmation timer is gone once confirmed.
    t.runTimers(POLL_INTERVALS_MS.liveConfirmationTimeout);
    expect(t.statuses).toEqual([true]);
  });

  it('invalidates the matching query key per event', () => {
    const t = setup();
    t.at(0).emit('ready');
    t.changes.length = 0;
    t.at(0).emit('notifications');
    t.at(0).emit('connections');
    t.at(0).emit('system-messages');
    expect(t.changes).toEqual(['notifications', 'connections', 'system-messages']);
  });

  it("tells a server's change from ready's refresh, with the member a connection event names (ADR 086)", () => {
    const t = setup();
    t.at(0).emit('ready');
    expect(t.said).toEqual([undefined, undefined, undefined]);
    t.said.length = 0;
    t.at(0).emit('connections', JSON.stringify({ memberId: 'm2', change: 'blocked' }));
    t.at(0).emit('connections', JSON.stringify({ id: 'c1' }));
    t.at(0).emit('connections', 'not json');
    expect(t.said).toEqual([{ memberId: 'm2' }, {}, {}]);
  });

  it('stays on polling when ready does not come within the confirmation timeout', () => {
    const t = setup();
    t.runTimers(POLL_INTERVALS_MS.liveConfirmationTimeout);
    expect(t.statuses).toEqual([false]);
    // A late ready still confirms the stream.
    t.at(0).emit('ready');
    expect(t.statuses).toEqual([false, true]);
  });

  it('falls back to polling on error and lets EventSource reconnect by itself', () => {
    const t = setup();
    t.at(0).emit('ready');
    // Every ready refetches the live queries.
    expect(t.changes).toEqual(['notifications', 'connections', 'system-messages']);
    t.changes.length = 0;
    t.at(0).fail(0); // CONNECTING: the browser retries (with Last-Event-ID).
    expect(t.statuses).toEqual([true, false]);
    expect(t.sources).toHaveLength(1);
    expect(t.at(0).closed).toBe(false);
    // The reconnected stream sends ready again: live, and everything is refetched once.
    t.at(0).emit('ready');
    expect(t.statuses).toEqual([true, false, true]);
    expect(t.changes).toEqual(['notifications', 'connections', 'system-messages']);
  });

  it('reopens a stream the browser closed for good', () => {
    const t = setup();
    t.at(0).fail(2);
    expect(t.statuses).toEqual([false]);
    expect(t.at(0).closed).toBe(true);
    t.runTimers(1_000);
    expect(t.sources).toHaveLength(2);
    t.at(1).emit('ready');
    expect(t.statuses).toEqual([false, true]);
  });

  it('closes the stream and its timers on close', () => {
    const t = setup();
    t.close();
    expect(t.at(0).closed).toBe(true);
    expect(t.pending.size).toBe(0);
    expect(t.statuses).toEqual([false]);
  });

  it('stops reconnecting on session-ended, asks who is signed in, and tries a new stream later', () => {
    const t = setup();
    t.at(0).emit('ready');
    t.at(0).emit('session-ended');
    expect(t.at(0).closed).toBe(true);
    expect(t.statuses).toEqual([true, false]);
    expect(t.sessionEnds).toEqual([1]);
    // A member with a new session (password changed here) is live again after the delay.
    t.runTimers(3_000);
    expect(t.sources).toHaveLength(2);
    t.at(1).emit('ready');
    expect(t.statuses).toEqual([true, false, true]);
  });

  it('asks who is signed in when the browser gives up on a stream (a 401 after sign-out elsewhere)', () => {
    const t = setup();
    t.at(0).fail(2);
    expect(t.sessionEnds).toEqual([1]);
  });
});
