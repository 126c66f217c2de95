/**
 * GET /api/events never ends on success, so it is fuzzed over a real socket: each case opens
 * the stream with a generated query, Last-Event-ID header and session, reads until the `ready`
 * event (or the error answer), then disconnects.
 */
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { wellFormed } from '../arbitraries';
import type { FuzzRequest } from '../fuzz-request';
import type { World } from '../world';

const bases = new WeakMap<World, string>();

async function baseUrl(w: World): Promise<string> {
  let base = bases.get(w);
  if (!base) {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(w.t.app.server.address() as AddressInfo).port}`;
    bases.set(w, base);
  }
  return base;
}

/** Header values must be visible ASCII (fetch refuses others before they are sent). */
const headerValue = fc.string({ unit: 'grapheme-ascii', maxLength: 40 });

export const liveEventsExtra = () =>
  fc.record({
    session: fc.constantFrom('caller', 'caller', 'caller', 'forged', 'none'),
    forged: headerValue,
    lastEventId: fc.option(
      fc.oneof(
        fc.nat().map(String),
        fc.constantFrom('0', '-1', '1e3', ' 5 ', '9'.repeat(16), '999999999999999', '00001', '1.5'),
        headerValue,
      ),
      { freq: 3 },
    ),
  });

export async function sendLiveEvents(w: World, req: FuzzRequest) {
  const extra = req.extra as { session: string; forged: string; lastEventId: string | null };
  const name = w.me.cookie.slice(0, w.me.cookie.indexOf('='));
  const cookie =
    extra.session === 'caller'
      ? w.me.cookie
      : extra.session === 'forged'
        ? `${name}=${encodeURIComponent(wellFormed(extra.forged))}`
        : undefined;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5_000);
  try {
    // Node's HTTP parser refuses request heads over 16 KB before the app sees them (431, no body).
    const res = await fetch(`${await baseUrl(w)}${req.url.slice(0, 8_000)}`, {
      headers: {
        accept: 'text/event-stream',
        ...(cookie ? { cookie } : {}),
        ...(extra.lastEventId === null ? {} : { 'last-event-id': extra.lastEventId }),
      },
      signal: controller.signal,
    });
    const headers = Object.fromEntries(res.headers);
    if (res.status !== 200) return { statusCode: res.status, body: await res.text(), headers };
    // A success: read up to the first event, which must be `ready`.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return { statusCode: 200, body: text, headers };
  } catch (error) {
    // The 5 s timer fired: a stream that never said `ready` breaks the contract.
    return { statusCode: 200, body: `no ready event: ${String(error)}`, headers: {} };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

export function checkLiveEvents(res: { body: string; headers: Record<string, unknown> }): string | null {
  if (!String(res.headers['content-type']).startsWith('text/event-stream'))
    return `stream answered ${String(res.headers['content-type'])}`;
  return res.body.includes('event: ready\ndata: {}') ? null : `stream did not start with ready: ${res.body.slice(0, 200)}`;
}
