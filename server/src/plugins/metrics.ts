/**
 * GET /metrics for Prometheus (issue 37, ADR 115), only when METRICS_TOKEN is set: requests by
 * route pattern, the database pool, open live streams, the jobs table and e-mails sent. Each app
 * has a registry of its own: tests build many apps in one process, and prom-client's global
 * registry would refuse a second metric of the same name.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolStats } from '@db/client';
import { UnauthorizedError } from '../lib/errors';
import type { Mailer } from '../modules/mail/mailer';

export const METRICS_PATH = '/metrics';
/** The label of requests no route matched: their URLs would make a series per probe. */
export const UNMATCHED_ROUTE = 'unmatched';

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      registers,
    }),
    emailsSent: new Counter({ name: 'emails_sent_total', help: 'E-mails handed to SMTP or the local outbox', registers }),
    emailsFailed: new Counter({
      name: 'emails_failed_total',
      help: 'E-mail sends that threw (a job retries them: each attempt counts)',
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The mailer every module gets, counting each send: one wrapper covers every place that mails. */
export function countingMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.emailsFailed.inc();
        throw error;
      }
      metrics.emailsSent.inc();
    },
  };
}

/** The route's pattern, never the URL: one series per route however many ids are asked for. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * Counts and times every answer. fastify-plugin, registered early: hooks reach only the routes
 * registered after them, so this must come before any route. A hijacked reply (the live stream)
 * has no onResponse; open streams are a gauge instead.
 */
export const requestMetricsPlugin = fp((app: FastifyInstance, opts: { metrics: Metrics }) => {
  const { requests, duration } = opts.metrics;
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = routeLabel(request);
    // Prometheus's own scrapes would only count themselves.
    if (route === METRICS_PATH) return;
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
});

export interface MetricsSources {
  /** PostgreSQL's pool; undefined on PGlite (one connection in the process, nothing to watch). */
  poolStats?: () => PoolStats;
  openStreams: () => number;
  jobCounts: () => Promise<{ waiting: number; failed: number }>;
}

/** Gauges read when scraped: nothing to keep up to date between scrapes. */
function addGauges(metrics: Metrics, sources: MetricsSources) {
  const registers = [metrics.registry];
  const { poolStats } = sources;
  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge('db_pool_clients', 'PostgreSQL clients open in the pool (LISTEN connections included)', (s) => s.total);
    poolGauge('db_pool_clients_idle', 'PostgreSQL clients open and idle', (s) => s.idle);
    poolGauge('db_pool_clients_waiting', 'Queries waiting for a free PostgreSQL client', (s) => s.waiting);
  }
  new Gauge({
    name: 'live_streams_open',
    help: 'Live event streams (SSE) open in this process',
    registers,
    collect() {
      this.set(sources.openStreams());
    },
  });
  // One gauge with a label: both numbers come from one statement, set before the registry is read.
  return new Gauge({
    name: 'jobs',
    help: 'Jobs in the jobs table: waiting (not finished) and failed (gave up)',
    labelNames: ['state'] as const,
    registers,
  });
}

/** Whether the Authorization header carries the token; hashes first, so lengths leak nothing. */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

export interface MetricsRouteOptions {
  metrics: Metrics;
  token: string;
  sources: MetricsSources;
}

/** GET /metrics, registered last: its sources (the live streams) exist by then. */
export function metricsRoute(app: FastifyInstance, opts: MetricsRouteOptions) {
  const { registry } = opts.metrics;
  const jobs = addGauges(opts.metrics, opts.sources);

  /** An unreachable database leaves the jobs out of this scrape, not the whole scrape failing. */
  async function readJobs(request: FastifyRequest) {
    try {
      const counts = await opts.sources.jobCounts();
      jobs.set({ state: 'waiting' }, counts.waiting);
      jobs.set({ state: 'failed' }, counts.failed);
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: counting jobs failed');
      jobs.reset();
    }
  }

  // Public as far as sessions go (access.ts): the bearer token is the check, a scraper has no account.
  app.get(METRICS_PATH, { config: { access: 'public' } }, async (request, reply) => {
    if (!hasBearerToken(request.headers.authorization, opts.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new UnauthorizedError('A valid metrics token is required.');
    }
    await readJobs(request);
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
