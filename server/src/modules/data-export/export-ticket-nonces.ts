/**
 * The nonces of download tickets already used (ADR 080, 118), so a ticket opens one download.
 * With Redis, a nonce is also recorded there (`SET NX PX`, gone when its ticket would have
 * expired anyway), so a ticket used on one instance is refused on every other. When Redis does
 * not answer, this process's own record decides (as rate limits do, ADR 113): the site stays up,
 * and a ticket still opens at most one download per instance. The process always keeps its own
 * record too, so a ticket it opened stays refused here through a Redis outage or restart.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The nonces' keys, after the connection's own prefix (REDIS_KEY_PREFIX). */
export const REDIS_TICKET_PREFIX = 'export-ticket:';

export function createUsedNonces(redis: Redis | null, log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {
  const used = new Map<string, number>();
  let isLocal = false;

  function toLocal(error: unknown) {
    if (isLocal) return;
    isLocal = true;
    log.warn({ err: error }, 'Redis did not answer: export tickets are checked in this instance until it does');
  }

  /** Whether Redis had not seen `nonce` and now holds it; null when Redis did not answer. */
  async function claimShared(nonce: string, ttlMs: number): Promise<boolean | null> {
    if (!redis) return null;
    // Not connected: ioredis would refuse the command at once anyway (no offline queue).
    if (redis.status !== 'ready') {
      toLocal(new Error(`Redis is ${redis.status}`));
      return null;
    }
    try {
      const answer = await redis.set(`${REDIS_TICKET_PREFIX}${nonce}`, '1', 'PX', ttlMs, 'NX');
      if (isLocal) log.info('Redis answers again: export tickets are checked in Redis');
      isLocal = false;
      return answer === 'OK';
    } catch (error) {
      toLocal(error);
      return null;
    }
  }

  /** True the first time `nonce` is claimed (before `expiresAt`, epoch ms), false after. */
  async function claim(nonce: string, expiresAt: number, nowMs: number): Promise<boolean> {
    for (const [key, until] of used) if (until <= nowMs) used.delete(key);
    if (used.has(nonce)) return false;
    used.set(nonce, expiresAt);
    return (await claimShared(nonce, expiresAt - nowMs)) !== false;
  }

  return { claim };
}

export type UsedNonces = ReturnType<typeof createUsedNonces>;
