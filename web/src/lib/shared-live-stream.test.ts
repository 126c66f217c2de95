import { describe, expect, it } from 'vitest';
import {
  LIVE_LOCK_NAME,
  type StreamHandlers,
  type TabChannel,
  type TabLocks,
  type TabMessage,
  announceSessionEnded,
  startSharedLiveStream,
} from './shared-live-stream';

const flush = () => new Promise((r) => setTimeout(r, 0));

/** Web Locks as a browser keeps them: one holder per name, the others queued in order. */
class FakeLocks {
  holder: { tab: number; release: () => void } | null = null;
  queue: { tab: number; grant: () => void; signal: AbortSignal; reject: (e: Error) => void }[] = [];

  forTab(tab: number): TabLocks {
    return {
      request: (name, { signal }, callback) => {
        expect(name).toBe(LIVE_LOCK_NAME);
        return new Promise((resolve, reject) => {
          const grant = () => {
            let released = false;
            const release = () => {
              if (released) return;
              released = true;
              this.holder = null;
              resolve(undefined);
              this.next();
            };
            this.holder = { tab, release };
            void callback().then(release);
          };
          const entry = { tab, grant, signal, reject };
          signal.addEventListener('abort', () => {
            const at = this.queue.indexOf(entry);
            if (at !== -1) {
              this.queue.splice(at, 1);
              reject(new Error('AbortError'));
            }
          });
          this.queue.push(entry);
          if (!this.holder) this.next();
        });
      },
    };
  }

  next() {
    const entry = this.queue.shift();
    entry?.grant();
  }

  /** The tab is gone (closed or crashed): the browser releases what it held. */
  crash(tab: number) {
    if (this.holder?.tab === tab) this.holder.release();
    this.queue = this.queue.filter((e) => e.tab !== tab);
  }
}

/** BroadcastChannel: a message reaches every other open channel of the name, not the sender. */
class FakeChannels {
  open = new Set<FakeChannel>();
  create = (): TabChannel => new FakeChannel(this);
}
class FakeChannel implements TabChannel {
  onmessage: ((event: { data: TabMessage }) => void) | null = null;
  constructor(private readonly hub: FakeChannels) {
    hub.open.add(this);
  }
  postMessage(message: TabMessage) {
    if (!this.hub.open.has(this)) throw new Error('closed');
    for (const other of this.hub.open)
      if (other !== this) queueMicrotask(() => other.onmessage?.({ data: structuredClone(message) }));
  }
  close() {
    this.hub.open.delete(this);
  }
}

function browser() {
  const locks = new FakeLocks();
  const channels = new FakeChannels();
  /** Streams opened by tabs: which tab, its handlers, and whether it was closed. */
  const streams: { tab: number; handlers: StreamHandlers; isClosed: boolean }[] = [];
  const tabs: { changes: string[]; statuses: boolean[]; sessionEnded: number; channels: Set<FakeChannel>; stop: () => void }[] =
    [];

  function openTab() {
    const index = tabs.length;
    const tab = {
      changes: [] as string[],
      statuses: [] as boolean[],
      sessionEnded: 0,
      channels: new Set<FakeChannel>(),
      stop: (): void => undefined,
    };
    tabs.push(tab);
    const shared = startSharedLiveStream({
      openStream: (handlers) => {
        const stream = { tab: index, handlers, isClosed: false };
        streams.push(stream);
        return () => void (stream.isClosed = true);
      },
      onChange: (key) => tab.changes.push(key.join('/')),
      onStatus: (isLive) => tab.statuses.push(isLive),
      onSessionEnded: () => void tab.sessionEnded++,
      locks: locks.forTab(index),
      createChannel: () => {
        const channel = channels.create() as FakeChannel;
        tab.channels.add(channel);
        return channel;
      },
    });
    tab.stop = shared.stop;
    return tab;
  }

  const openStreams = () => streams.filter((s) => !s.isClosed);
  const leader = () => {
    const open = openStreams();
    expect(open).toHaveLength(1);
    return open[0]!;
  };
  function crash(index: number) {
    for (const channel of tabs[index]!.channels) channel.close();
    locks.crash(index);
    // The crashed tab's stream dies with it.
    for (const s of streams) if (s.tab === index) s.isClosed = true;
  }
  return { locks, channels, streams, tabs, openTab, openStreams, leader, crash };
}

describe('one live stream per browser, shared by its tabs', () => {
  it('ten tabs hold one stream, and every tab hears every change', async () => {
    const b = browser();
    for (let i = 0; i < 10; i++) b.openTab();
    await flush();
    expect(b.streams).toHaveLength(1);
    const leader = b.leader();
    expect(leader.tab).toBe(0);
    leader.handlers.onStatus(true);
    leader.handlers.onChange(['notifications']);
    await flush();
    for (const tab of b.tabs) {
      // (Earlier `false`s are the leader's answers to each new tab's hello.)
      expect(tab.statuses.at(-1)).toBe(true);
      expect(tab.changes).toEqual(['notifications']);
    }
  });

  it('a tab opened later learns that the stream is live (no polling)', async () => {
    const b = browser();
    b.openTab();
    await flush();
    b.leader().handlers.onStatus(true);
    const late = b.openTab();
    await flush();
    expect(late.statuses).toEqual([true]);
    expect(b.streams).toHaveLength(1);
  });

  it('hands the stream over when the leader closes, and the others poll until it is live', async () => {
    const b = browser();
    b.openTab();
    b.openTab();
    b.openTab();
    await flush();
    b.leader().handlers.onStatus(true);
    await flush();
    expect(b.tabs[2]!.statuses.at(-1)).toBe(true);
    b.tabs[0]!.stop();
    await flush();
    const next = b.leader();
    expect(next.tab).toBe(1);
    // Until the new stream confirms, tab 2 polls.
    expect(b.tabs[2]!.statuses.at(-1)).toBe(false);
    next.handlers.onStatus(true);
    next.handlers.onChange(['connections']);
    await flush();
    expect(b.tabs[2]!.statuses.at(-1)).toBe(true);
    expect(b.tabs[2]!.changes).toEqual(['connections']);
    expect(b.tabs[0]!.changes).toEqual([]);
  });

  it('takes over when the leader crashes (the browser releases its lock)', async () => {
    const b = browser();
    b.openTab();
    b.openTab();
    await flush();
    b.crash(0);
    await flush();
    expect(b.leader().tab).toBe(1);
    b.leader().handlers.onChange(['notifications']);
    expect(b.tabs[1]!.changes).toEqual(['notifications']);
  });

  it('a tab that stops before its turn never opens a stream', async () => {
    const b = browser();
    b.openTab();
    b.openTab();
    await flush();
    b.tabs[1]!.stop();
    b.tabs[0]!.stop();
    await flush();
    expect(b.streams).toHaveLength(1);
    expect(b.openStreams()).toHaveLength(0);
    expect(b.locks.holder).toBeNull();
  });

  it('tells every tab when the session ended, from the stream or from a tab that signed out', async () => {
    const b = browser();
    b.openTab();
    b.openTab();
    b.openTab();
    await flush();
    b.leader().handlers.onSessionEnded();
    await flush();
    expect(b.tabs.map((t) => t.sessionEnded)).toEqual([1, 1, 1]);
    // A tab whose stream is already stopped (signed out there) tells the others.
    announceSessionEnded(b.channels.create);
    await flush();
    expect(b.tabs.map((t) => t.sessionEnded)).toEqual([2, 2, 2]);
  });

  it('keeps a stream of its own per tab without Web Locks or BroadcastChannel', () => {
    let opened = 0;
    const shared = startSharedLiveStream({
      openStream: () => {
        opened++;
        return () => void opened--;
      },
      onChange: () => undefined,
      onStatus: () => undefined,
      onSessionEnded: () => undefined,
    });
    expect(opened).toBe(1);
    shared.stop();
    expect(opened).toBe(0);
  });
});
