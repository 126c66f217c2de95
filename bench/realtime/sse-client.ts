/**
 * A lean SSE reader for the benchmark: one raw node:http request per stream (no agent pooling, the
 * socket stays open), parsed event by event; every event is stamped with the wall-clock moment
 * its chunk arrived, on the same clock PostgreSQL uses (CLOCK_REALTIME of this machine).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Wall-clock milliseconds with sub-millisecond resolution (Date.now() is whole ms). */
export const wallClockMs = () => performance.timeOrigin + performance.now();

export interface ArrivedEvent {
  event: string;
  id: string | null;
  data: string;
  /** wallClockMs() when the chunk holding the event's end was read. */
  at: number;
}

export interface BenchStream {
  index: number;
  /** Resolves on `ready`, rejects on a non-200 answer, a socket error or timeout. */
  ready: Promise<void>;
  /** False once the server or the network closed the stream. */
  isOpen(): boolean;
  close(): void;
}

export function openBenchStream(opts: {
  index: number;
  port: number;
  cookie: string;
  onEvent: (index: number, event: ArrivedEvent) => void;
  onClose?: (index: number) => void;
  readyTimeoutMs?: number;
}): BenchStream {
  let isOpen = true;
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  const timer = setTimeout(
    () => rejectReady(new Error(`stream ${opts.index}: no ready within ${opts.readyTimeoutMs ?? 30_000} ms`)),
    opts.readyTimeoutMs ?? 30_000,
  );
  const markClosed = () => {
    if (!isOpen) return;
    isOpen = false;
    clearTimeout(timer);
    rejectReady(new Error(`stream ${opts.index} closed before ready`));
    opts.onClose?.(opts.index);
  };

  const req = http.request({
    host: '127.0.0.1',
    port: opts.port,
    path: '/api/events',
    headers: { cookie: opts.cookie, accept: 'text/event-stream' },
    agent: false,
  });
  req.on('error', markClosed);
  req.on('response', (res) => {
    if (res.statusCode !== 200) {
      rejectReady(new Error(`stream ${opts.index}: HTTP ${res.statusCode}`));
      res.resume();
      return;
    }
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      const at = wallClockMs();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parseBlock(block, at);
        if (!event) continue;
        if (event.event === 'ready') {
          clearTimeout(timer);
          resolveReady();
        }
        opts.onEvent(opts.index, event);
      }
    });
    res.on('close', markClosed);
    res.on('error', markClosed);
  });
  req.end();

  return {
    index: opts.index,
    ready,
    isOpen: () => isOpen,
    close() {
      opts.onClose = undefined;
      markClosed();
      req.destroy();
    },
  };
}

/** One SSE block; comments (`: ping`) and `retry:`-only blocks are not events. */
function parseBlock(block: string, at: number): ArrivedEvent | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  let hasField = false;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
    else continue;
    hasField = true;
  }
  return hasField ? { event, id, data: data.join('\n'), at } : null;
}
