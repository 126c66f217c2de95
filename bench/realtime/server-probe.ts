/**
 * Preloaded into the server process by the benchmark (`node --expose-gc --import tsx --import
 * ./bench/realtime/server-probe.ts server/src/server.ts`); no server code changes. Over the IPC
 * channel it answers with the process's memory (optionally after a full GC), its event-loop delay
 * and its GC pauses since the last reset: what the server's own loop went through during a round.
 */
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProbeRequest {
  type: 'probe';
  id: number;
  gc?: boolean;
  reset?: boolean;
}

export interface ProbeAnswer {
  type: 'probe';
  id: number;
  memory: NodeJS.MemoryUsage;
  loopDelayMs: { p50: number; p99: number; max: number };
  gc: { count: number; totalMs: number; maxMs: number };
  /** CPU time the server used since the last reset (user + system), ms. */
  cpuMs: number;
}

if (process.send) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  let cpuSince = process.cpuUsage();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });

  process.on('message', (message: ProbeRequest) => {
    if (message?.type !== 'probe') return;
    const collect = (globalThis as { gc?: () => void }).gc;
    if (message.gc && collect) collect();
    const answer: ProbeAnswer = {
      type: 'probe',
      id: message.id,
      memory: process.memoryUsage(),
      loopDelayMs: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      gc: { ...gc },
      cpuMs: ((c) => (c.user + c.system) / 1000)(process.cpuUsage(cpuSince)),
    };
    if (message.reset) {
      cpuSince = process.cpuUsage();
      loop.reset();
      gc = { count: 0, totalMs: 0, maxMs: 0 };
    }
    process.send?.(answer);
  });
  // The IPC channel must not keep the server alive after its own shutdown.
  process.channel?.unref();
}
