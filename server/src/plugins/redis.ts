/**
 * The connection to Redis when REDIS_URL is set (issue 37): what several instances share (rate
 * limits, ADR 113). Commands never wait for a connection that is down (no offline queue) and
 * give up after half a second, so a Redis that stops answering slows no request: the callers
 * fall back. ioredis reconnects by itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long a command may take before its caller treats Redis as down. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * A client for `url`, connected when Redis answers within `waitMs`; otherwise returned still
 * connecting, so the server starts (and counts its limits locally) while Redis is away.
 */
export async function connectRedis(
  url: string,
  keyPrefix: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
  waitMs = 2_000,
): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: waitMs,
    // Back within a second of Redis coming back, however long it was away.
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  // ioredis reports every failed reconnection as an 'error' event; unheard, one would end the process.
  let reported = false;
  redis.on('error', (error) => {
    if (!reported) log.warn({ err: error }, 'Redis connection failed; retrying');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}
