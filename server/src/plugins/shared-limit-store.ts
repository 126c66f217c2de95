/**
 * Where rate limits count (issue 37, ADR 113). With REDIS_URL, in Redis through
 * @fastify/rate-limit's own RedisStore (one Lua INCR + PEXPIRE per call), so every instance
 * counts against the same budget. When Redis does not answer, each call counts in this process
 * instead (the library's LocalStore), until Redis is back: the site stays up, and a guesser gets
 * at most one budget per instance rather than none at all. Without REDIS_URL the limits are the
 * library's own in-process store, as before.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type StoreResult = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: StoreResult) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

interface LibraryStore extends FastifyRateLimitStore {
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
}

// The library's stores are CommonJS files without type declarations of their own.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => LibraryStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LibraryStore;

/** The limits' keys, after the connection's own prefix (REDIS_KEY_PREFIX). */
export const REDIS_LIMIT_PREFIX = 'limit:';

/** Logs once when counting moves from Redis to this process, and once when it moves back. */
function fallbackLog(log: Pick<FastifyBaseLogger, 'warn' | 'info'>) {
  let isLocal = false;
  return {
    local(error: unknown) {
      if (isLocal) return;
      isLocal = true;
      log.warn({ err: error }, 'Redis did not answer: rate limits count in this instance until it does');
    },
    shared() {
      if (!isLocal) return;
      isLocal = false;
      log.info('Redis answers again: rate limits count in Redis');
    },
  };
}

type Fallback = ReturnType<typeof fallbackLog>;

class SharedLimitStore implements LibraryStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: LibraryStore,
    private readonly local: LibraryStore,
    private readonly fallback: Fallback,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.either('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.either('read', key, callback, timeWindow, max);
  }

  child(routeOptions: RouteOptions): SharedLimitStore {
    return new SharedLimitStore(
      this.redis,
      this.shared.child(routeOptions) as LibraryStore,
      this.local.child(routeOptions) as LibraryStore,
      this.fallback,
    );
  }

  private either(method: 'incr' | 'read', key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    // Not connected: ioredis would refuse the command at once anyway (no offline queue).
    if (this.redis.status !== 'ready') {
      this.fallback.local(new Error(`Redis is ${this.redis.status}`));
      this.local[method](key, callback, timeWindow, max);
      return;
    }
    this.shared[method](
      key,
      (error, result) => {
        if (error) {
          this.fallback.local(error);
          this.local[method](key, callback, timeWindow, max);
          return;
        }
        this.fallback.shared();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }
}

/** The `store` option of @fastify/rate-limit that counts in `redis`, or here when it is down. */
export function sharedLimitStore(redis: Redis, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): FastifyRateLimitStoreCtor {
  const fallback = fallbackLog(log);
  return class extends SharedLimitStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin's own settings reach a store too; their types do not list these two.
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, REDIS_LIMIT_PREFIX),
        new LocalStore(continueExceeding, exponentialBackoff),
        fallback,
      );
    }
  };
}
