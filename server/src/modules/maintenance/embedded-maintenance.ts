/**
 * PGlite runs no autovacuum (ADR 021): without this, its tables would never be vacuumed (dead
 * rows of every update stay, index-only scans read the heap) nor analyzed (the planner, and
 * explore's search plans, would guess every row count). A PostgreSQL server does both itself.
 * So on PGlite the server runs VACUUM (ANALYZE) 5 s after it starts and then every hour,
 * a table at a time, so requests waiting for the one connection run between tables.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@db/client';
import { tableNames, vacuumAnalyze } from './maintenance.repository';

export interface EmbeddedMaintenanceOptions {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** After the start: a few seconds, so the server is answering (its health check first) before it. */
  firstPassAfterMs?: number;
  everyMs?: number;
}

export interface EmbeddedMaintenance {
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
  /** One pass now (also what the timer runs). */
  runPass(): Promise<void>;
}

export function startEmbeddedMaintenance(options: EmbeddedMaintenanceOptions): EmbeddedMaintenance {
  const { database, log, firstPassAfterMs = 5_000, everyMs = 60 * 60_000 } = options;
  let running: Promise<void> | undefined;
  let isStopped = false;

  async function pass() {
    const start = performance.now();
    for (const table of await tableNames(database.db)) {
      if (isStopped) return;
      await vacuumAnalyze(database.db, table);
    }
    log.info(`embedded database vacuumed and analyzed in ${Math.round(performance.now() - start)} ms`);
  }

  function runPass(): Promise<void> {
    running ??= pass()
      .catch((error: unknown) => log.error({ err: error }, 'embedded database maintenance failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const first = setTimeout(() => void runPass(), firstPassAfterMs);
  const every = setInterval(() => void runPass(), everyMs);
  first.unref();
  every.unref();
  return {
    runPass,
    async stop() {
      isStopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
