/**
 * Issue 6, Faults: SIGTERM finishes the requests in flight. A photo upload is sent in two halves;
 * between them the server gets SIGTERM. The upload must still answer 201, a new connection must be
 * refused (or answered 503), the open SSE stream must end, and the process must exit 0 soon after.
 */
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '@server-test/sse-test-client';
import { ADMIN, type ServerProcess, signIn, signUpMember, startServer } from './server-process';
import { type TestTarget, createTestTarget } from './test-target';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh connection (no keep-alive pool): its status, or the socket error's code. */
function freshGet(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('graceful shutdown on SIGTERM', () => {
  let target: TestTarget | undefined;
  let server: ServerProcess | undefined;
  const streams: SseStream[] = [];

  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    if (server) await server.stop(3_000);
    await target?.dispose();
  }, 30_000);

  it('finishes the upload in flight, refuses new work and exits 0 with a stream open', async () => {
    target = await createTestTarget('shutdown');
    server = await startServer(target);
    const { base, port } = server;
    const admin = await signIn(base, ADMIN.email, ADMIN.password);
    const member = await signUpMember(base, admin, 'Ulla Uploader');

    const stream = await openSse(`${base}/api/events`, { cookie: member.cookie });
    streams.push(stream);
    expect((await stream.next()).event).toBe('ready');

    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const boundary = `----waymark${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/uploads/tip-photos',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
        'x-waymark-csrf': '1',
        cookie: member.cookie,
      },
    });
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    const half = Math.floor(body.length / 2);
    req.write(body.subarray(0, half));
    await pause(500); // the request is now in the server's hands, half read

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await pause(500);
    const newConnection = await freshGet(`${base}/api/health`);
    req.end(body.subarray(half));

    const result = await upload;
    expect(result.status, result.body).toBe(201);
    expect((JSON.parse(result.body) as { urls: string[] }).urls).toHaveLength(1);
    expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(newConnection);
    await expect(stream.next(5_000)).rejects.toThrow('stream ended');

    const exit = await server.exited;
    const exitMs = Date.now() - signalledAt;
    expect(exit).toEqual({ code: 0, signal: null });
    // 500 ms of it is the test's own pause before the second half.
    expect(exitMs).toBeLessThan(5_000);
    console.log(
      `faults: SIGTERM with an upload in flight and a stream open: upload ${result.status}, new connection ${newConnection}, exit 0 after ${exitMs} ms`,
    );
  }, 90_000);
});
