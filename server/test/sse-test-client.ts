/** A small SSE reader for tests: fetch() + a stream reader, parsed into events one by one. */
export interface SseEvent {
  event: string;
  id: string | null;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The next event (comments and `retry` skipped); rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Resolves true when no event arrives within `ms`. */
  quietFor(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const queue: SseEvent[] = [];
  let waiter = null as (() => void) | null;
  let buffer = '';
  let done = false;

  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    if (!reader) return;
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', id: null, data: '' };
          let hasField = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'data') event.data = event.data ? `${event.data}\n${value}` : value;
            else continue;
            hasField = true;
          }
          if (hasField) {
            queue.push(event);
            waiter?.();
          }
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    } finally {
      done = true;
      waiter?.();
    }
  })();

  async function waitForEvent(timeoutMs: number): Promise<SseEvent | null> {
    const deadline = Date.now() + timeoutMs;
    while (queue.length === 0) {
      if (done) return null;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      waiter = null;
    }
    return queue.shift() ?? null;
  }

  return {
    status: res.status,
    headers: res.headers,
    async next(timeoutMs = 5_000) {
      const event = await waitForEvent(timeoutMs);
      if (!event) throw new Error(done ? 'stream ended' : `no event within ${timeoutMs} ms`);
      return event;
    },
    async quietFor(ms) {
      const event = await waitForEvent(ms);
      if (event) queue.unshift(event);
      return event === null;
    },
    async close() {
      controller.abort();
      await reader?.cancel().catch(() => undefined);
    },
  };
}
