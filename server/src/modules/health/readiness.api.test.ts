/**
 * Issue 37, ADR 114: `/api/ready` answers 200 while the instance should get traffic and 503 when
 * its database or its configured Redis does not answer, or once it is shutting down;
 * `/api/health` only says the process answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '@db/client';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { type TestRedis, startTestRedis } from '@server-test/redis-server';
import { READY_CHECK_TIMEOUT_MS, createReadiness } from './readiness';

describe('/api/ready', () => {
  let redis: TestRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = await startTestRedis();
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('is ready when the database and Redis answer', async () => {
    const res = await t.call('GET', '/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ ready: true, shuttingDown: false, checks: { database: 'ok', redis: 'ok' } });
  });

  it('is not ready while Redis is away, and ready again when it is back; alive throughout', async () => {
    await redis.stop();
    const started = performance.now();
    const res = await t.call('GET', '/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, shuttingDown: false, checks: { database: 'ok', redis: 'unreachable' } });
    expect(performance.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1_000);
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
    await redis.start();
    await expect.poll(async () => (await t.call('GET', '/api/ready')).statusCode, { timeout: 10_000 }).toBe(200);
  });

  it('is not ready once the instance drains for its shutdown', async () => {
    t.app.readiness.drain();
    const res = await t.call('GET', '/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ready: false, shuttingDown: true });
    expect((await t.call('GET', '/api/health')).statusCode).toBe(200);
  });
});

describe('readiness checks', () => {
  const failing = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Executor;
  const hanging = { execute: () => new Promise(() => undefined) } as unknown as Executor;

  it('reports a database that refuses as unreachable', async () => {
    expect(await createReadiness({ db: failing, redis: null }).check()).toEqual({
      isReady: false,
      isDraining: false,
      checks: { database: 'unreachable' },
    });
  });

  it('does not wait longer than its timeout for a database that hangs', async () => {
    const started = performance.now();
    const result = await createReadiness({ db: hanging, redis: null }).check();
    expect(result.checks.database).toBe('unreachable');
    expect(performance.now() - started).toBeLessThan(READY_CHECK_TIMEOUT_MS + 500);
  });
});
