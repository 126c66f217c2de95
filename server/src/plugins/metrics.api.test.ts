/**
 * GET /metrics (issue 37, ADR 115): absent without METRICS_TOKEN, refused without the token,
 * and with it the Prometheus text of requests by route pattern, jobs, e-mails and the pool.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@db/schema';
import { eventually } from '@server-test/eventually';
import { ADMIN, type TestApp, createTestApp } from '@server-test/test-app';
import { enqueueJob } from '../modules/jobs/jobs.repository';
import { openSse } from '@server-test/sse-test-client';

const TOKEN = 'metrics-token-for-tests-0123456789';
const env = { METRICS_TOKEN: TOKEN };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env });
});
afterAll(() => t?.close());

const scrape = (app: TestApp = t, authorization = `Bearer ${TOKEN}`) =>
  app.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });

/** The value of the sample `name` whose labels include every one of `labels` (undefined: none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labelText = match[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`))) return Number(match[3]);
  }
  return undefined;
}

async function metricsText(app: TestApp = t): Promise<string> {
  const res = await scrape(app);
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp({ sharedDatabase: t.database });
    try {
      const res = await scrape(plain);
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a missing or wrong token with the JSON error body', async () => {
    for (const authorization of ['', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Basic abc']) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: expect.any(String), code: 'unauthorized' });
    }
  });

  it('answers Prometheus text with the token', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('counts requests by route pattern and times them, never the scrape itself', async () => {
    const admin = await t.signInAdmin();
    const before = await metricsText();
    const route = { method: 'GET', route: '/api/tips/:id', status_code: '404' };
    const counted = sample(before, 'http_requests_total', route) ?? 0;
    for (let i = 0; i < 3; i += 1)
      expect((await t.call('GET', `/api/tips/${randomUUID()}`, { cookie: admin })).statusCode).toBe(404);
    expect((await t.call('GET', '/no-such-page-anywhere')).statusCode).toBe(404);

    const after = await metricsText();
    expect(sample(after, 'http_requests_total', route)).toBe(counted + 3);
    expect(sample(after, 'http_requests_total', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('/no-such-page-anywhere');
    expect(after).not.toMatch(/route="\/api\/tips\/[0-9a-f-]{36}"/);
    expect(sample(after, 'http_request_duration_seconds_bucket', { route: '/api/tips/:id', le: '+Inf' })).toBe(counted + 3);
    expect(sample(after, 'http_request_duration_seconds_count', { route: '/api/tips/:id' })).toBe(counted + 3);
    expect(after).not.toContain('route="/metrics"');
  });

  it('reports waiting and failed jobs as the jobs table holds them', async () => {
    const before = await metricsText();
    const waiting = sample(before, 'jobs', { state: 'waiting' })!;
    const failed = sample(before, 'jobs', { state: 'failed' })!;
    expect(waiting).toBeGreaterThanOrEqual(0);
    expect(failed).toBeGreaterThanOrEqual(0);

    const kind = `metrics-test-${Date.now()}`;
    // Far in the future: no runner of this app takes them meanwhile.
    const later = new Date(Date.UTC(2099, 0, 1));
    for (const key of ['a', 'b', 'c']) await enqueueJob(t.db, { kind, key: `${kind}:${key}`, payload: {}, runAt: later });
    await t.db
      .update(jobs)
      .set({ finishedAs: 'failed', finishedAt: new Date() })
      .where(eq(jobs.key, `${kind}:c`));

    const after = await metricsText();
    expect(sample(after, 'jobs', { state: 'waiting' })).toBe(waiting + 2);
    expect(sample(after, 'jobs', { state: 'failed' })).toBe(failed + 1);
  });

  it('counts e-mails sent', async () => {
    const sent = sample(await metricsText(), 'emails_sent_total') ?? 0;
    expect((await t.call('POST', '/api/auth/password-reset/request', { body: { email: ADMIN.email } })).statusCode).toBe(202);
    await t.app.passwordResetsSettled();
    expect(sample(await metricsText(), 'emails_sent_total')).toBe(sent + 1);
  });

  it('counts e-mails that failed to send', async () => {
    const failing = await createTestApp({
      env,
      sharedDatabase: t.database,
      mailer: { send: () => Promise.reject(new Error('SMTP is down')) },
    });
    try {
      expect(sample(await metricsText(failing), 'emails_failed_total')).toBe(0);
      const res = await failing.call('POST', '/api/auth/password-reset/request', { body: { email: ADMIN.email } });
      expect(res.statusCode).toBe(202);
      await failing.app.passwordResetsSettled();
      const text = await metricsText(failing);
      expect(sample(text, 'emails_failed_total')).toBe(1);
      expect(sample(text, 'emails_sent_total')).toBe(0);
    } finally {
      await failing.close();
    }
  });

  it('reports open live streams', async () => {
    const streams = await createTestApp({ env, sharedDatabase: t.database });
    try {
      // A real socket: a stream's answer never ends, inject() would wait for it.
      await streams.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(streams.app.server.address() as AddressInfo).port}`;
      expect(sample(await metricsText(streams), 'live_streams_open')).toBe(0);
      const member = await streams.createMember('user', 'Live Metrics');
      const sse = await openSse(`${base}/api/events`, { cookie: member.cookie });
      expect((await sse.next()).event).toBe('ready');
      expect(sample(await metricsText(streams), 'live_streams_open')).toBe(1);
      await sse.close();
      await eventually(async () => expect(sample(await metricsText(streams), 'live_streams_open')).toBe(0));
    } finally {
      await streams.close();
    }
  });

  it.runIf(process.env.WAYMARK_TEST_DB === 'postgres')('reports the PostgreSQL pool', async () => {
    const text = await metricsText();
    // The two LISTEN connections (events, session cache) at least.
    expect(sample(text, 'db_pool_clients')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'db_pool_clients_idle')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_clients_waiting')).toBe(0);
  });

  it.runIf(process.env.WAYMARK_TEST_DB !== 'postgres')('reports no pool on PGlite', async () => {
    expect(await metricsText()).not.toContain('db_pool_');
  });
});
