/**
 * GET /api/events: the live stream (Server-Sent Events, DECISIONS A3, docs/decisions/012).
 * `retry` and `ready` first, then (with Last-Event-ID) the stored events missed since that id,
 * then live ones from the hub, each once. A `: ping` comment every 25 s keeps proxies from
 * closing an idle stream.
 */
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../../db/client';
import { events } from '../../../../db/schema';
import { requireViewer } from '../../plugins/access';
import type { EventHub, LiveEvent } from './event-hub';

export const HEARTBEAT_MS = 25_000;
export const RETRY_MS = 3_000;
/** At most this many missed events are replayed; older ones are gone anyway after 24 h. */
const REPLAY_LIMIT = 1_000;
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

export async function realtimeRoutes(app: FastifyInstance, opts: { hub: EventHub; db: Database }) {
  const { hub, db } = opts;
  const openStreams = new Set<() => void>();

  await hub.start();
  // The LISTEN connection came back after an outage: NOTIFYs sent meanwhile reached nobody. Ending
  // the streams makes every client reconnect with Last-Event-ID and get them from the replay.
  hub.onResume(() => {
    for (const end of [...openStreams]) end();
  });
  // Open streams would keep server.close() waiting: end them first, then stop listening.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
  app.addHook('onClose', async () => {
    await hub.stop();
  });

  // signedIn: a pending account gets its stream too (ready and system messages in practice).
  app.get('/', { config: { access: 'signedIn' } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    const lastEventId = lastEventIdOf(request);
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
    function end() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(end);
      res.end();
    }
    openStreams.add(end);
    res.on('close', end);
    res.on('error', end);

    write(`retry: ${RETRY_MS}\n\n`);
    write('event: ready\ndata: {}\n\n');

    try {
      if (lastEventId !== null) {
        const missed = await db
          .select({ id: events.id, userId: events.userId, type: events.type, payload: events.payload })
          .from(events)
          .where(and(gt(events.id, lastEventId), or(eq(events.userId, viewer.userId), isNull(events.userId))))
          .orderBy(asc(events.id))
          .limit(REPLAY_LIMIT);
        for (const row of missed) {
          const id = Number(row.id);
          write(formatEvent({ ...row, id }));
          replayed.add(id);
        }
      }
    } catch (error) {
      request.log.warn({ err: error }, 'realtime: replaying missed events failed');
    }
    replaying = false;
    for (const event of pending.splice(0).sort((a, b) => a.id - b.id)) send(event);
  });
}
