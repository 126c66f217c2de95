/**
 * A LISTEN that survives its connection: when PostgreSQL drops the listening connection
 * (restart, network cut) it listens again with backoff and tells `onResume`. NOTIFYs sent while
 * it was down reached nobody, so each user decides what to redo (ADR 014): the event
 * hub ends its streams so clients replay, the session cache forgets everything.
 * PGlite runs in the process and never drops it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@db/client';

/** Backoff of the reconnection: 250 ms, doubling, at most 5 s (plus up to 25 % jitter). */
const RELISTEN_FIRST_DELAY_MS = 250;
const RELISTEN_MAX_DELAY_MS = 5_000;

export interface DurableListenOptions {
  database: DatabaseHandle;
  channel: string;
  onPayload: (payload: string) => void;
  /** The connection died: notifications are being missed until onResume. */
  onLost?: () => void;
  /** Listening again after a loss. */
  onResume?: () => void;
  log: FastifyBaseLogger;
}

export interface DurableListener {
  /** False between a lost connection and its replacement. */
  isListening(): boolean;
  stop(): Promise<void>;
}

export async function listenDurably(o: DurableListenOptions): Promise<DurableListener> {
  let unlisten: (() => Promise<void>) | null = null;
  let relistenTimer: NodeJS.Timeout | null = null;
  let isRunning = true;

  const listen = () => o.database.listen(o.channel, o.onPayload, onLost);

  function onLost(error?: Error) {
    unlisten = null;
    if (!isRunning) return;
    o.log.warn({ err: error, channel: o.channel }, 'the LISTEN connection was lost; listening again');
    o.onLost?.();
    relisten(RELISTEN_FIRST_DELAY_MS);
  }

  function relisten(delayMs: number) {
    if (!isRunning || relistenTimer) return;
    const jittered = delayMs * (1 + Math.random() * 0.25);
    relistenTimer = setTimeout(() => void listenAgain(delayMs), jittered);
  }

  async function listenAgain(delayMs: number) {
    relistenTimer = null;
    try {
      const stop = await listen();
      if (!isRunning) return void (await stop());
      unlisten = stop;
    } catch (error) {
      o.log.debug({ err: error, channel: o.channel }, 'listening again failed; retrying');
      return relisten(Math.min(delayMs * 2, RELISTEN_MAX_DELAY_MS));
    }
    o.log.info({ channel: o.channel }, 'listening again');
    o.onResume?.();
  }

  unlisten = await listen();
  return {
    isListening: () => isRunning && unlisten !== null,
    async stop() {
      isRunning = false;
      if (relistenTimer) clearTimeout(relistenTimer);
      relistenTimer = null;
      const stopListening = unlisten;
      unlisten = null;
      if (stopListening) await stopListening().catch(() => undefined);
    },
  };
}
