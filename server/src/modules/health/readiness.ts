/**
 * Whether this instance should be sent traffic (issue 37, ADR 114): its database answers, and
 * Redis and the photo bucket when they are configured; and it is not shutting down. A proxy
 * checks `/api/ready` and stops sending requests to an instance that answers 503, before the
 * instance closes (server.ts drains first). `/api/health` only says the process is alive.
 */
import type { Executor } from '@db/client';
import type { Redis } from 'ioredis';
import { ping } from './health.repository';

/** How long each dependency has to answer before it counts as unreachable. */
export const READY_CHECK_TIMEOUT_MS = 1_000;

export type CheckState = 'ok' | 'unreachable';

export interface Readiness {
  /** Each dependency's state, and whether all are fine and the instance is not draining. */
  check(): Promise<{ isReady: boolean; isDraining: boolean; checks: Record<string, CheckState> }>;
  /** From now on the instance reports itself not ready (SIGTERM received). */
  drain(): void;
}

/** A dependency's probe: resolves when it answers, rejects or hangs when it does not. */
export type Probe = () => Promise<unknown>;

async function stateOf(probe: Probe): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

export function createReadiness(deps: { db: Executor; redis: Redis | null; storage?: Probe }): Readiness {
  const probes: Record<string, Probe> = { database: () => ping(deps.db) };
  const { redis } = deps;
  if (redis) probes.redis = () => redis.ping();
  if (deps.storage) probes.storage = deps.storage;
  let isDraining = false;
  return {
    async check() {
      const names = Object.keys(probes);
      const states = await Promise.all(names.map((name) => stateOf(probes[name]!)));
      const checks = Object.fromEntries(names.map((name, i) => [name, states[i]!]));
      return { isReady: !isDraining && states.every((s) => s === 'ok'), isDraining, checks };
    },
    drain() {
      isDraining = true;
    },
  };
}
