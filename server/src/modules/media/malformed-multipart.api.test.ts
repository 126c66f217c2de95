/**
 * Issue 19 item 14: a broken multipart body is the client's fault, so every upload route answers
 * 4xx (400, 413 or 415), never 5xx, whatever way the body is broken, and stores nothing.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { BROKEN_MULTIPART_BODIES } from '@server-test/test-broken-multipart';
import { pngImage } from '@server-test/test-uploads';

const ROUTES = [
  { url: '/api/uploads/tip-photos', field: 'photos' },
  { url: '/api/uploads/guide-photos', field: 'photos' },
  { url: '/api/profiles/me/avatar', field: 'avatar' },
] as const;

describe('malformed multipart bodies on every upload route', () => {
  let t: TestApp;
  let cookie: string;
  let png: Buffer;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await t.createMember('user', 'Mia Multipart')).cookie;
    png = await pngImage();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  for (const route of ROUTES) {
    for (const kind of Object.keys(BROKEN_MULTIPART_BODIES) as (keyof typeof BROKEN_MULTIPART_BODIES)[]) {
      it(`${route.url}: ${kind} answers 4xx with a message`, async () => {
        const { body, contentType } = BROKEN_MULTIPART_BODIES[kind](png, route.field);
        const res = await t.app.inject({
          method: 'POST',
          url: route.url,
          headers: { cookie, 'x-waymark-csrf': '1', 'content-type': contentType },
          payload: body,
        });
        expect([400, 413, 415], res.body).toContain(res.statusCode);
        expect(res.json<{ message: string }>().message).toMatch(/\S/);
      });
    }

    it(`${route.url}: a connection lost mid-upload answers 4xx`, async () => {
      const { body, contentType } = BROKEN_MULTIPART_BODIES['file ends mid-stream (no closing boundary)'](png, route.field);
      const status = await sendThenHangUp(port, route.url, { cookie, 'x-waymark-csrf': '1', 'content-type': contentType }, body);
      expect([400, 413, 415]).toContain(status);
    });
  }
});

/**
 * Promises twice the bytes it sends, then closes its sending side: the server's request ends
 * early, as when the client goes away mid-upload. Resolves with the status the server answered.
 */
function sendThenHangUp(port: number, url: string, headers: Record<string, string>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
      const head = Object.entries({
        ...headers,
        host: `127.0.0.1:${port}`,
        'content-length': String(body.length * 2),
        connection: 'close',
      })
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n');
      socket.write(`POST ${url} HTTP/1.1\r\n${head}\r\n\r\n`);
      socket.write(body);
      setTimeout(() => socket.end(), 50);
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
  });
}
