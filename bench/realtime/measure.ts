/**
 * Commit -> delivery rounds over the open streams.
 *
 * Three readings of the commit moment, all on this machine's wall clock (PostgreSQL's timestamps
 * and performance.timeOrigin + now() both come from CLOCK_REALTIME):
 * - `fromCommit` (the verdict): clock_timestamp() recorded by a deferred trigger during COMMIT of
 *   the transaction that wrote the events row (prepare-database.ts COMMIT_STAMPS), matched by the
 *   SSE `id:`. Filled in after the run (PGlite can only be read once the server stopped).
 * - `fromTxStart`: the row's created_at as the API returns it (system_messages / notifications,
 *   now() = the writing transaction's START). <= commit, so an upper bound that also counts the
 *   rest of the transaction (lock waits, CPU queueing of the like's several statements).
 * - `fromResponse`: when the write's HTTP response arrived here. The transaction committed before
 *   the response was sent, so a lower bound (negative when the event beat the response).
 */
import type { Member } from './prepare-database';
import { callApi, inPool } from './http-client';
import type { ArrivedEvent } from './sse-client';

export interface Delivery {
  kind: 'fan-out' | 'targeted';
  round: number;
  stream: number;
  eventId: number;
  /** wallClockMs() of arrival. */
  at: number;
  fromCommit: number | null;
  /** PostgreSQL: delivery minus the arrival of the same NOTIFY at the bench's own LISTEN. */
  afterOwnListen: number | null;
  fromTxStart: number;
  fromResponse: number;
}

export interface RoundResult {
  kind: 'fan-out' | 'targeted';
  round: number;
  expected: number;
  delivered: number;
  missing: number;
  /** Events of the round's type that arrived where none was expected (or twice). */
  unexpected: number;
  /** Write request -> response, ms (the server's own latency for the write under this load). */
  writeMs: number[];
}

/** Collects what the streams receive, by event type and payload id. */
export class DeliveryRecorder {
  private readonly byKey = new Map<string, Map<number, ArrivedEvent[]>>();
  private readonly notificationsByStream = new Map<number, ArrivedEvent[]>();

  onEvent = (stream: number, event: ArrivedEvent) => {
    if (event.event === 'notifications') {
      const list = this.notificationsByStream.get(stream) ?? [];
      list.push(event);
      this.notificationsByStream.set(stream, list);
      return;
    }
    if (event.event !== 'system-messages') return;
    const key = `${event.event}:${payloadId(event)}`;
    const perStream = this.byKey.get(key) ?? new Map<number, ArrivedEvent[]>();
    const list = perStream.get(stream) ?? [];
    list.push(event);
    perStream.set(stream, list);
    this.byKey.set(key, perStream);
  };

  systemMessage(id: string): Map<number, ArrivedEvent[]> {
    return this.byKey.get(`system-messages:${id}`) ?? new Map();
  }

  takeNotifications(): Map<number, ArrivedEvent[]> {
    const taken = new Map(this.notificationsByStream);
    this.notificationsByStream.clear();
    return taken;
  }

  peekNotificationStreams(): number {
    return this.notificationsByStream.size;
  }
}

function payloadId(event: ArrivedEvent): string {
  try {
    return String((JSON.parse(event.data) as { id?: unknown }).id);
  } catch {
    return '?';
  }
}

async function waitUntil(isDone: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!isDone() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

export interface RoundContext {
  base: string;
  adminCookie: string;
  members: Member[];
  cookies: string[];
  recorder: DeliveryRecorder;
  deliveryTimeoutMs: number;
}

/** An admin posts a system message; every stream should get one `system-messages` event. */
export async function fanOutRound(ctx: RoundContext, round: number, deliveries: Delivery[]): Promise<RoundResult> {
  const sent = performance.timeOrigin + performance.now();
  const res = await callApi<{ id: string; createdAt: string }>(ctx.base, 'POST', '/api/admin/system-messages', {
    cookie: ctx.adminCookie,
    body: { title: `Realtime benchmark ${round}`, content: 'Measuring live delivery; please ignore.' },
  });
  if (res.status !== 201) throw new Error(`system message: ${res.status} ${JSON.stringify(res.body)}`);
  const expected = ctx.members.length;
  await waitUntil(() => ctx.recorder.systemMessage(res.body.id).size >= expected, ctx.deliveryTimeoutMs);
  const arrivals = ctx.recorder.systemMessage(res.body.id);
  const txStart = Date.parse(res.body.createdAt);
  let unexpected = 0;
  for (const [stream, list] of arrivals) {
    unexpected += list.length - 1;
    const at = list[0]!.at;
    deliveries.push({
      kind: 'fan-out',
      round,
      stream,
      eventId: Number(list[0]!.id),
      at,
      fromCommit: null,
      afterOwnListen: null,
      fromTxStart: at - txStart,
      fromResponse: at - res.at,
    });
  }
  return {
    kind: 'fan-out',
    round,
    expected,
    delivered: arrivals.size,
    missing: expected - arrivals.size,
    unexpected,
    writeMs: [res.at - sent],
  };
}

/**
 * `sampleSize` members each get a like on their tip from another member (a different liker every
 * round, so it is always a like, never an unlike); each should get one `notifications` event.
 */
export async function targetedRound(
  ctx: RoundContext,
  round: number,
  sampleSize: number,
  concurrency: number,
  deliveries: Delivery[],
): Promise<RoundResult> {
  const n = ctx.members.length;
  const targets = shuffle([...Array(n).keys()]).slice(0, Math.min(sampleSize, n));
  const isTarget = new Set(targets);
  ctx.recorder.takeNotifications();
  const responseAt = new Map<number, number>();
  const writeMs: number[] = [];
  await inPool(targets, concurrency, async (target) => {
    const liker = (target + 1 + round) % n;
    const sent = performance.timeOrigin + performance.now();
    const res = await callApi<{ liked: boolean }>(ctx.base, 'POST', '/api/likes/toggle', {
      cookie: ctx.cookies[liker],
      body: { contentType: 'tip', contentId: ctx.members[target]!.tipId },
    });
    if (res.status !== 200 || !res.body.liked)
      throw new Error(`like of ${target} by ${liker}: ${res.status} ${JSON.stringify(res.body)}`);
    responseAt.set(target, res.at);
    writeMs.push(res.at - sent);
  });
  await waitUntil(() => ctx.recorder.peekNotificationStreams() >= targets.length, ctx.deliveryTimeoutMs);
  // A short grace period, so duplicates or strays would be seen.
  await new Promise((r) => setTimeout(r, 200));
  const arrivals = ctx.recorder.takeNotifications();
  let unexpected = 0;
  let delivered = 0;
  await inPool(targets, concurrency, async (target) => {
    const list = arrivals.get(target);
    if (!list?.length) return;
    delivered++;
    unexpected += list.length - 1;
    const first = list[0]!;
    const createdAt = await notificationCreatedAt(ctx, target, payloadId(first));
    deliveries.push({
      kind: 'targeted',
      round,
      stream: target,
      eventId: Number(first.id),
      at: first.at,
      fromCommit: null,
      afterOwnListen: null,
      fromTxStart: first.at - createdAt,
      fromResponse: first.at - responseAt.get(target)!,
    });
  });
  for (const [stream, list] of arrivals) if (!isTarget.has(stream)) unexpected += list.length;
  return {
    kind: 'targeted',
    round,
    expected: targets.length,
    delivered,
    missing: targets.length - delivered,
    unexpected,
    writeMs,
  };
}

/** The notification's created_at (its transaction's start), read back through the API. */
async function notificationCreatedAt(ctx: RoundContext, member: number, id: string): Promise<number> {
  const res = await callApi<{ items: Array<{ id: string; createdAt: string }> }>(ctx.base, 'GET', '/api/notifications', {
    cookie: ctx.cookies[member],
  });
  const item = res.status === 200 ? res.body.items.find((i) => i.id === id) : undefined;
  if (!item) throw new Error(`notification ${id} of member ${member} not listed: ${res.status}`);
  return Date.parse(item.createdAt);
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
