/**
 * Slow clients (issue 19 item 10, ADR 033). Node's http server bounds the headers
 * (headersTimeout, checked every `checkEveryMs`), idle kept-alive connections (keepAliveTimeout),
 * a silent socket (Fastify's connectionTimeout) and a request's whole arrival (requestTimeout, a
 * last resort). None of them notices a body that stalls or trickles on a kept-alive connection's
 * second request (Node clears the socket's idle timer there), so `bodyTimeoutPlugin` watches every
 * body as it arrives: it closes one that sends nothing for `idleMs`, or that falls below
 * `bodyMinBytesPerSecond` on average. Each received byte buys time, so a 16 MB photo on a slow
 * but working link is never cut, however long it takes (up to `requestMs`).
 */
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestTimeouts } from '../config/env';

/** How often timeouts are checked: a fraction of the shortest, at most once a second. */
export function checkEveryMs(t: RequestTimeouts): number {
  return Math.max(50, Math.min(1_000, Math.floor(Math.min(t.headersMs, t.idleMs) / 4)));
}

/** The Fastify (and through `http`, Node http server) options that carry the timeouts. */
export function serverTimeoutOptions(t: RequestTimeouts): Pick<FastifyServerOptions, 'keepAliveTimeout' | 'requestTimeout'> & {
  http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number };
} {
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeout = Math.min(t.headersMs, t.requestMs);
  return {
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.requestMs,
    http: { headersTimeout, requestTimeout: t.requestMs, connectionsCheckingInterval: checkEveryMs(t) },
  };
}

export interface BodyProgress {
  startedAt: number;
  lastProgressAt: number;
  /** Bytes received since the headers. */
  received: number;
}

/**
 * Why a body still arriving at `now` must be cut, or null while it may go on. The rate rule is
 * a deadline that every byte moves: `idleMs` plus the time the bytes so far are worth at the
 * minimum rate, so a body at or above that rate never reaches it and one far below reaches it
 * after about `idleMs`.
 */
export function bodyVerdict(p: BodyProgress, now: number, t: RequestTimeouts): 'idle' | 'too-slow' | 'too-long' | null {
  if (now - p.lastProgressAt >= t.idleMs) return 'idle';
  if (now - p.startedAt >= t.requestMs) return 'too-long';
  if (now >= p.startedAt + t.idleMs + (p.received * 1_000) / t.bodyMinBytesPerSecond) return 'too-slow';
  return null;
}

function hasBody(raw: IncomingMessage): boolean {
  // app.inject() hands a stand-in socket: nothing arrives slowly there.
  if (!(raw.socket instanceof Socket)) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Watches one request's body until it has all arrived or its connection is gone. */
function watchBody(raw: IncomingMessage, t: RequestTimeouts, log: FastifyBaseLogger) {
  const socket = raw.socket;
  const firstByte = socket.bytesRead;
  const startedAt = Date.now();
  const progress: BodyProgress = { startedAt, lastProgressAt: startedAt, received: 0 };
  const timer = setInterval(() => {
    if (raw.complete || socket.destroyed) return stop();
    const now = Date.now();
    const received = socket.bytesRead - firstByte;
    if (received > progress.received) {
      progress.received = received;
      progress.lastProgressAt = now;
    }
    const verdict = bodyVerdict(progress, now, t);
    if (!verdict) return;
    stop();
    log.info({ verdict, received, ms: now - startedAt, url: raw.url }, 'closing a request whose body stalled');
    socket.destroy();
  }, checkEveryMs(t));
  timer.unref();
  // A kept-alive socket carries many requests: each watch removes its own listeners when done,
  // or they would pile up on the socket (one closure per request) until it closes.
  function stop() {
    clearInterval(timer);
    raw.off('end', stop);
    socket.off('close', stop);
  }
  raw.once('end', stop);
  socket.once('close', stop);
}

export const bodyTimeoutPlugin = fp((app: FastifyInstance, opts: { timeouts: RequestTimeouts }) => {
  app.addHook('onRequest', (request, _reply, done) => {
    if (hasBody(request.raw)) watchBody(request.raw, opts.timeouts, request.log);
    done();
  });
});
