/**
 * The part of a realtime run with the server up: start it, sign every member in, open the streams,
 * take the memory figures, run the rounds, stop it. Figures are raw here; run.ts summarises them.
 */
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { callApi, inPool, signIn } from './http-client';
import { type Delivery, DeliveryRecorder, type RoundResult, fanOutRound, targetedRound } from './measure';
import { MEMBER_PASSWORD, type Member, type PreparedDatabase } from './prepare-database';
import { roundLine } from './report';
import { type ServerProcess, startServer } from './server-process';
import type { ProbeAnswer } from './server-probe';
import { type BenchStream, openBenchStream } from './sse-client';
import { sampleRss } from './stats';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the server, signs everybody in, opens the streams and runs the rounds; stops the server. */
export async function measureOnServer(opts: {
  env: Record<string, string>;
  members: Member[];
  listenToCommits?: PreparedDatabase['listenToCommits'];
  serverEnv: Record<string, string>;
  port: number;
  streamCount: number;
  fanOutRounds: number;
  targetedRounds: number;
  targetedSample: number;
  likeConcurrency: number;
  admin: { email: string; password: string };
  log: (line: string) => void;
}) {
  const { members, port, streamCount, log } = opts;
  const server = await startServer({ cwd: REPO_ROOT, port, env: { ...opts.serverEnv, ...opts.env } });
  const streams: BenchStream[] = [];
  const ownListenAt = new Map<number, number>();
  let stopOwnListen: (() => Promise<void>) | undefined;
  try {
    const base = server.base;
    let t = Date.now();
    const adminCookie = await signIn(base, opts.admin.email, opts.admin.password);
    const cookies = await inPool(members, 4, (m) => signIn(base, m.email, MEMBER_PASSWORD));
    log(`  ${cookies.length} members signed in over HTTP in ${Date.now() - t} ms`);

    const recorder = new DeliveryRecorder();
    let dropped = 0;
    const open = (index: number) =>
      openBenchStream({
        index,
        port,
        cookie: cookies[index]!,
        onEvent: recorder.onEvent,
        onClose: () => dropped++,
        readyTimeoutMs: 60_000,
      });

    // Warm-up: the stream route, the hub and a fan-out have run once before memory is sampled.
    const warm = Array.from({ length: Math.min(20, streamCount) }, (_, i) => open(i));
    await Promise.all(warm.map((s) => s.ready));
    await callApi(base, 'POST', '/api/admin/system-messages', {
      cookie: adminCookie,
      body: { title: 'Warm-up', content: 'Warm-up' },
    });
    await new Promise((r) => setTimeout(r, 500));
    for (const s of warm) s.close();
    await new Promise((r) => setTimeout(r, 1500));
    // Memory steps: 0 streams, then after each quarter of them: RSS (median of samples) and heap
    // used after full GCs. The median of the per-step increments ignores one allocator hiccup,
    // which a two-point difference would not: the argon2 sign-ins (19 MiB each) leave malloc
    // arenas behind that glibc may hand back to the OS at any later step (seen: -44 MB at once).
    const steps: MemoryStep[] = [];
    const step = async (open: number) => {
      const heap = await settledMemory(server);
      const rss = await sampleRss(server.rssKb, 4, 300);
      steps.push({
        streams: open,
        rssKb: rss.median,
        rssSamplesKb: rss.samples,
        heapUsedKb: heap.heapUsed / 1024,
        heapTotalKb: heap.heapTotal / 1024,
        externalKb: heap.external / 1024,
      });
    };
    await step(0);

    dropped = 0;
    let openMs = 0;
    const quarter = Math.ceil(streamCount / 4);
    for (let from = 0; from < streamCount; from += quarter) {
      t = Date.now();
      await inPool(members.slice(from, from + quarter), 50, async (_m, i) => {
        const stream = open(from + i);
        streams.push(stream);
        await stream.ready;
      });
      openMs += Date.now() - t;
      await new Promise((r) => setTimeout(r, 1000));
      await step(streams.length);
    }
    log(`  ${streams.length} streams open and ready in ${openMs} ms`);
    const first = steps[0]!;
    const last = steps[steps.length - 1]!;
    const kbPerStream = medianIncrement(steps, (s) => s.rssKb);
    const heapKbPerStream = medianIncrement(steps, (s) => s.heapUsedKb);
    const rssBefore = { median: first.rssKb };
    const rssOpen = { median: last.rssKb };
    log(
      `  server RSS ${steps.map((s) => (s.rssKb / 1024).toFixed(1)).join(' -> ')} MB at ${steps.map((s) => s.streams).join('/')} streams: ${kbPerStream.toFixed(1)} KB per open stream (median step); ` +
        `heap used after full GCs ${steps.map((s) => (s.heapUsedKb / 1024).toFixed(1)).join(' -> ')} MB: ${heapKbPerStream.toFixed(1)} KB per stream`,
    );

    stopOwnListen = await opts.listenToCommits?.((eventId, at) => ownListenAt.set(eventId, at));
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const ctx = { base, adminCookie, members, cookies, recorder, deliveryTimeoutMs: 10_000 };
    const deliveries: Delivery[] = [];
    const rounds: Array<RoundResult & { server: Pick<ProbeAnswer, 'loopDelayMs' | 'gc' | 'cpuMs'> }> = [];
    const withServerProbe = async (run: () => Promise<RoundResult>) => {
      await server.probe({ reset: true });
      const result = await run();
      const { loopDelayMs, gc, cpuMs } = await server.probe({ reset: true });
      return { ...result, server: { loopDelayMs, gc, cpuMs } };
    };
    const serverLine = (r: { server: Pick<ProbeAnswer, 'loopDelayMs' | 'gc' | 'cpuMs'> }) =>
      `; server: CPU ${r.server.cpuMs.toFixed(0)} ms, loop delay max ${r.server.loopDelayMs.max.toFixed(0)} ms, GC ${r.server.gc.count}x max ${r.server.gc.maxMs.toFixed(0)} ms`;
    for (let round = 1; round <= opts.fanOutRounds; round++) {
      const result = await withServerProbe(() => fanOutRound(ctx, round, deliveries));
      rounds.push(result);
      log(
        `  fan-out round ${round}: ${result.delivered}/${result.expected} delivered${roundLine(deliveries, 'fan-out', round)}${serverLine(result)}`,
      );
      await new Promise((r) => setTimeout(r, 500));
    }
    for (let round = 1; round <= opts.targetedRounds; round++) {
      const result = await withServerProbe(() =>
        targetedRound(ctx, round, opts.targetedSample, opts.likeConcurrency, deliveries),
      );
      rounds.push(result);
      log(
        `  targeted round ${round}: ${result.delivered}/${result.expected} delivered${roundLine(deliveries, 'targeted', round)}${serverLine(result)}`,
      );
      await new Promise((r) => setTimeout(r, 500));
    }
    loopDelay.disable();
    for (const d of deliveries) {
      const heardAt = ownListenAt.get(d.eventId);
      if (heardAt !== undefined) d.afterOwnListen = d.at - heardAt;
    }
    const rssAfterRounds = await sampleRss(server.rssKb, 3, 300);
    return {
      deliveries,
      rounds,
      dropped,
      openMs,
      loadAfter: os.loadavg(),
      memory: {
        rssBeforeKb: rssBefore,
        rssOpenKb: rssOpen,
        rssAfterRoundsKb: rssAfterRounds,
        kbPerStream,
        heapKbPerStream,
        twoPointKbPerStream: (last.rssKb - first.rssKb) / streamCount,
        slopeKbPerStream: slope(steps, (s) => s.rssKb),
        steps,
      },
      loopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    };
  } finally {
    await stopOwnListen?.().catch(() => undefined);
    for (const s of streams) s.close();
    const code = await server.stop();
    if (code !== 0) log(`  server exited with ${code}: ${server.output().slice(-2000)}`);
  }
}

interface MemoryStep {
  streams: number;
  rssKb: number;
  rssSamplesKb: number[];
  heapUsedKb: number;
  heapTotalKb: number;
  externalKb: number;
}

/** Least-squares slope of `value` over the number of open streams (KB per stream). */
function slope(steps: MemoryStep[], value: (s: MemoryStep) => number): number {
  const n = steps.length;
  const mx = steps.reduce((a, s) => a + s.streams, 0) / n;
  const my = steps.reduce((a, s) => a + value(s), 0) / n;
  const sxy = steps.reduce((a, s) => a + (s.streams - mx) * (value(s) - my), 0);
  const sxx = steps.reduce((a, s) => a + (s.streams - mx) ** 2, 0);
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

/** Median over the steps of (value change / streams opened): KB per stream, robust to one outlier step. */
function medianIncrement(steps: MemoryStep[], value: (s: MemoryStep) => number): number {
  const rates = steps.slice(1).map((s, i) => (value(s) - value(steps[i]!)) / (s.streams - steps[i]!.streams));
  const sorted = rates.sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Two full GCs a second apart inside the server, then its memory: the baseline RSS is sampled right after. */
async function settledMemory(server: ServerProcess): Promise<NodeJS.MemoryUsage> {
  await server.probe({ gc: true });
  await new Promise((r) => setTimeout(r, 1000));
  return (await server.probe({ gc: true })).memory;
}
