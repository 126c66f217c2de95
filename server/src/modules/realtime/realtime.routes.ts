/**
 * GET /api/events: the live stream (Server-Sent Events, docs/product.md#live-updates, ADR 012).
 * `retry` and `ready` first, then (with Last-Event-ID) the stored events missed since that id,
 * then live ones from the hub, each once. A `: ping` comment every 25 s keeps proxies from
 * closing an idle stream. A stream ends with its session (ADR 034): its last event
 * is then `session-ended`, and a member has at most 10 at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OpenStreamsSchema, SESSION_ENDED_EVENT } from '@common/schemas/live-event';
import { TooManyRequestsError } from '@server/lib/errors';
import { requireViewer } from '@server/plugins/access';
import type { EventHub, LiveEvent } from './event-hub';
import type { EndReason, LiveStreams } from './live-streams';
import type { RealtimeService } from './realtime.service';

export const TOO_MANY_STREAMS =
  'Too many live connections are open for your account: close some Waymark tabs or windows on your other devices. Updates still arrive every minute.';

export const HEARTBEAT_MS = 25_000;
export const RETRY_MS = 3_000;
/** A client that reads nothing while this much is queued is dropped (it reconnects and replays). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

// The hub hands the same event object to every subscriber: a broadcast is formatted once, not
// once per open stream (1,000 streams: 1,000 JSON.stringify calls saved per event).
const formatted = new WeakMap<object, string>();

export function formatEvent(event: Pick<LiveEvent, 'id' | 'type' | 'payload'>): string {
  let text = formatted.get(event);
  if (text === undefined) {
    text = `event: ${event.type}\nid: ${event.id}\ndata: ${JSON.stringify(event.payload ?? {})}\n\n`;
    formatted.set(event, text);
  }
  return text;
}

/** Last-Event-ID header (what EventSource sends on reconnect) or ?lastEventId= (first connect). */
export function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

export interface RealtimeOptions {
  hub: EventHub;
  realtime: RealtimeService;
  /** This process's open streams (live-streams.ts): made by app.ts, which /metrics counts too. */
  streams: LiveStreams;
  /** The session cache's change feed (NOTIFY on waymark_auth, ADR 016). */
  authChanges: { onChange(listener: (userId: string | null) => void): () => void };
}

export async function realtimeRoutes(app: FastifyInstance, opts: RealtimeOptions) {
  const { hub, realtime, streams } = opts;

  await hub.start();
  const stopHearing = opts.authChanges.onChange((userId) => void streams.onAuthChange(userId));
  // The LISTEN connection came back after an outage: NOTIFYs sent meanwhile reached nobody. Ending
  // the streams makes every client reconnect with Last-Event-ID and get them from the replay.
  hub.onResume(() => streams.endAll('closing'));
  // Open streams would keep server.close() waiting: end them first, then stop listening.
  app.addHook('preClose', (done) => {
    stopHearing();
    streams.endAll('closing');
    done();
  });
  app.addHook('onClose', async () => {
    await hub.stop();
  });

  // How many live streams the caller holds here (this process): lets a member or a test see that
  // a browser's tabs share one (ADR 034).
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/open', { config: { access: 'signedIn' }, schema: { response: { 200: OpenStreamsSchema } } }, async (request) => {
      const viewer = await requireViewer(request);
      return { member: streams.count(viewer.userId), session: streams.count(viewer.userId, viewer.sessionId) };
    });

  // signedIn: a pending account gets its stream too (ready and system messages in practice).
  app.get('/', { config: { access: 'signedIn' } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    const lastEventId = lastEventIdOf(request);
    // From here to `streams.add` nothing awaits: the room checked is the room taken.
    if (!streams.hasRoom(viewer)) throw new TooManyRequestsError(TOO_MANY_STREAMS);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // A member's own events: no cache may keep them (ADR 032), nor transform the stream.
      'cache-control': 'no-store, no-transform',
      vary: 'cookie',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.flushHeaders();

    let closed = false;
    let replaying = true;
    const pending: LiveEvent[] = [];
    // Ids written by the replay: their live copies (NOTIFY arriving late) are dropped.
    const replayed = new Set<number>();

    const write = (chunk: string) => {
      if (closed) return;
      res.write(chunk);
      if (res.writableLength > MAX_BUFFERED_BYTES) end();
    };
    const send = (event: LiveEvent) => {
      if (replayed.has(event.id)) return;
      write(formatEvent(event));
    };
    // Subscribed before the replay query, so nothing committed in between is missed; live events
    // wait in `pending` until the replay is written, and `replayed` drops the ones already sent.
    const unsubscribe = hub.subscribe(viewer.userId, (event) => {
      if (replaying) pending.push(event);
      else send(event);
    });
    const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
    function end(reason: EndReason = 'closing') {
      if (closed) return;
      // The client's cue to stop reconnecting and ask who is signed in now.
      if (reason === 'session-ended') write(`event: ${SESSION_ENDED_EVENT}\ndata: {}\n\n`);
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      forget();
      res.end();
    }
    const forget = streams.add(viewer, end);
    res.on('close', () => end());
    res.on('error', () => end());

    write(`retry: ${RETRY_MS}\n\n`);
    write('event: ready\ndata: {}\n\n');

    try {
      if (lastEventId !== null) {
        for (const event of await realtime.missedEvents(viewer.userId, lastEventId)) {
          write(formatEvent(event));
          replayed.add(event.id);
        }
      }
    } catch (error) {
      request.log.warn({ err: error }, 'realtime: replaying missed events failed');
    }
    replaying = false;
    for (const event of pending.splice(0).sort((a, b) => a.id - b.id)) send(event);
  });
}
