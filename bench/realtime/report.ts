/** The printed summary of a realtime run. */
import type { Delivery } from './measure';
import { type Percentiles, percentiles } from './stats';

export interface LatencySummary {
  count: number;
  fromCommit: Percentiles;
  fromTxStart: Percentiles;
  fromResponse: Percentiles;
  afterOwnListen: Percentiles;
}

export function summarise(list: Delivery[]): LatencySummary {
  return {
    count: list.length,
    fromCommit: percentiles(list.flatMap((d) => (d.fromCommit === null ? [] : [d.fromCommit]))),
    fromTxStart: percentiles(list.map((d) => d.fromTxStart)),
    fromResponse: percentiles(list.map((d) => d.fromResponse)),
    afterOwnListen: percentiles(list.flatMap((d) => (d.afterOwnListen === null ? [] : [d.afterOwnListen]))),
  };
}

export function roundLine(deliveries: Delivery[], kind: Delivery['kind'], round: number): string {
  const list = deliveries.filter((d) => d.kind === kind && d.round === round);
  const fromResponse = percentiles(list.map((d) => d.fromResponse));
  const fromTxStart = percentiles(list.map((d) => d.fromTxStart));
  const arrivals = list.map((d) => d.at);
  const spread = kind === 'fan-out' && arrivals.length ? Math.max(...arrivals) - Math.min(...arrivals) : Number.NaN;
  return (
    `; after the response p50 ${fromResponse.p50.toFixed(1)} / max ${fromResponse.max.toFixed(1)} ms, after tx start p99 ${fromTxStart.p99.toFixed(1)} ms` +
    (Number.isNaN(spread) ? '' : `, first->last delivery ${spread.toFixed(1)} ms`)
  );
}

export function printSummary(
  r: {
    db: string;
    streams: number;
    verdict: string;
    targetP99Ms: number;
    missing: number;
    withoutCommitStamp: number;
    droppedStreams: number;
    latencyMs: Record<string, LatencySummary>;
    memory: { kbPerStream: number; heapKbPerStream: number; rssBeforeKb: { median: number }; rssOpenKb: { median: number } };
    machine: { loadBefore: number[]; loadAfter: number[] };
    benchClientEventLoopDelayMs: { p99: number; max: number };
  },
  log: (line: string) => void,
) {
  const fmt = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1)).padStart(8);
  const row = (name: string, p: Percentiles, count: number) =>
    `  ${name.padEnd(33)} ${String(count).padStart(6)}${[p.p50, p.p95, p.p99, p.max].map(fmt).join('')}`;
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  log('');
  log(`Realtime, ${r.db}, ${r.streams} open streams: ms from commit to delivery`);
  log(`  ${''.padEnd(33)} ${'n'.padStart(6)}${['p50', 'p95', 'p99', 'max'].map((h) => h.padStart(8)).join('')}`);
  for (const [name, s] of Object.entries(r.latencyMs)) {
    log(row(`${name}: from commit`, s.fromCommit, s.count));
    log(row(`${name}: from tx start (upper)`, s.fromTxStart, s.count));
    log(row(`${name}: from response (lower)`, s.fromResponse, s.count));
    if (!Number.isNaN(s.afterOwnListen.max)) log(row(`${name}: after bench's own LISTEN`, s.afterOwnListen, s.count));
  }
  log(`  missing ${r.missing}, dropped streams ${r.droppedStreams}, deliveries without commit stamp ${r.withoutCommitStamp}`);
  log(
    `  memory: server RSS ${(r.memory.rssBeforeKb.median / 1024).toFixed(1)} MB -> ${(r.memory.rssOpenKb.median / 1024).toFixed(1)} MB with the streams open; ${r.memory.kbPerStream.toFixed(1)} KB RSS per open stream (median of 4 steps), ${r.memory.heapKbPerStream.toFixed(1)} KB of it JS heap`,
  );
  log(
    `  load average before ${load(r.machine.loadBefore)}, after ${load(r.machine.loadAfter)} (2 cores shared); bench client event-loop delay p99 ${r.benchClientEventLoopDelayMs.p99.toFixed(1)} ms, max ${r.benchClientEventLoopDelayMs.max.toFixed(1)} ms`,
  );
  log(
    `  ${r.verdict}: p99 from commit ${r.latencyMs.all!.fromCommit.p99.toFixed(1)} ms vs target <= ${r.targetP99Ms} ms (all deliveries), missing ${r.missing}`,
  );
}
