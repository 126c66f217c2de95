import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { type BodyProgress, bodyTimeoutPlugin, bodyVerdict, serverTimeoutOptions } from './request-timeouts';

const defaults = loadConfig({}).timeouts;
const MB = 1024 * 1024;

/** Sends `total` bytes at `bytesPerSecond` (stopping after `stopAfter`), in 100 ms steps; returns when and why it was cut. */
function simulate(total: number, bytesPerSecond: number, stopAfter = total): { cutAtMs: number; verdict: string } | null {
  const p: BodyProgress = { startedAt: 0, lastProgressAt: 0, received: 0 };
  for (let now = 100; p.received < total; now += 100) {
    const next = Math.min(total, stopAfter, Math.floor((bytesPerSecond * now) / 1000));
    if (next > p.received) {
      p.received = next;
      p.lastProgressAt = now;
    }
    const verdict = bodyVerdict(p, now, defaults);
    if (verdict) return { cutAtMs: now, verdict };
    if (now > 3_600_000) throw new Error('never ends');
  }
  return null;
}

describe('request timeouts (docs/decisions/033)', () => {
  it('closes silent and slow clients within 30 s by default', () => {
    expect(defaults.headersMs).toBeLessThanOrEqual(30_000);
    expect(defaults.idleMs).toBeLessThanOrEqual(30_000);
    expect(defaults.keepAliveMs).toBeLessThanOrEqual(30_000);
    // A body that stops (after 8 MB at full speed) or trickles (1 KB/s, 10 KB/s).
    expect(simulate(16 * MB, 4 * MB, 8 * MB)).toMatchObject({ verdict: 'idle' });
    expect(simulate(16 * MB, 4 * MB, 8 * MB)!.cutAtMs).toBeLessThanOrEqual(2_000 + defaults.idleMs);
    for (const rate of [1, 100, 1024, 10 * 1024]) {
      const cut = simulate(16 * MB, rate);
      expect(cut?.verdict).toBe('too-slow');
      expect(cut!.cutAtMs).toBeLessThanOrEqual(30_000);
    }
  });

  it('lets a 16 MB photo through at 256 KB/s (64 s) and even at the minimum rate', () => {
    expect(simulate(16 * MB, 256 * 1024)).toBeNull();
    expect(simulate(16 * MB, defaults.bodyMinBytesPerSecond)).toBeNull();
    // The last resort is long enough for 16 MB at the minimum rate.
    expect((16 * MB) / defaults.bodyMinBytesPerSecond).toBeLessThan(defaults.requestMs / 1000 - defaults.idleMs / 1000);
  });

  it('hands the limits to the Node http server', async () => {
    const app = Fastify(serverTimeoutOptions(defaults));
    expect(app.server.headersTimeout).toBe(defaults.headersMs);
    expect(app.server.keepAliveTimeout).toBe(defaults.keepAliveMs);
    expect(app.server.requestTimeout).toBe(defaults.requestMs);
    await app.close();
  });

  it('refuses timeouts that are not whole milliseconds in range', () => {
    expect(() => loadConfig({ REQUEST_IDLE_TIMEOUT_MS: '0' })).toThrow(/REQUEST_IDLE_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_HEADERS_TIMEOUT_MS: 'soon' })).toThrow(/REQUEST_HEADERS_TIMEOUT_MS/);
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '2500' }).timeouts.keepAliveMs).toBe(2_500);
  });

  it('leaves no listener behind on a kept-alive socket, however many bodies it carries', async () => {
    const app = Fastify(serverTimeoutOptions(defaults));
    await app.register(bodyTimeoutPlugin, { timeouts: defaults });
    // Each answer says how many close listeners the socket has while this request is watched.
    app.post('/listeners', (request, reply) => reply.send({ close: request.raw.socket.listenerCount('close') }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const counts: number[] = [];
      // fetch keeps the connection alive: sequential requests reuse one socket.
      for (let i = 0; i < 15; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/listeners`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ i }),
        });
        counts.push(((await res.json()) as { close: number }).close);
      }
      expect(new Set(counts).size, `close listeners per request: ${counts.join(', ')}`).toBe(1);
    } finally {
      await app.close();
    }
  });
});
