/**
 * The real server as a child process (scripts/server-process.ts: `node --import tsx`, so the
 * child's pid is the server itself, whose memory this reads), with --expose-gc and the probe
 * (server-probe.ts) loaded, answering over IPC. Its RSS is read from /proc.
 */
import { readFileSync } from 'node:fs';
import { startServerProcess } from '../../scripts/server-process';
import type { ProbeAnswer, ProbeRequest } from './server-probe';

export interface ServerProcess {
  pid: number;
  port: number;
  base: string;
  output: () => string;
  /** VmRSS of the server process in KB. */
  rssKb: () => number;
  /** Memory, event-loop delay and GC pauses inside the server (server-probe.ts); `reset` starts a new window. */
  probe(opts?: { gc?: boolean; reset?: boolean }): Promise<ProbeAnswer>;
  stop(): Promise<number | null>;
}

export function rssKbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}

export async function startServer(opts: { cwd: string; port: number; env: Record<string, string> }): Promise<ServerProcess> {
  const server = await startServerProcess({
    port: opts.port,
    env: opts.env,
    cwd: opts.cwd,
    nodeArgs: ['--expose-gc', '--import', './bench/realtime/server-probe.ts'],
    ipc: true,
    healthTimeoutMs: 90_000,
    outputLimit: 20_000,
  });
  const { child } = server;
  const waiting = new Map<number, (answer: ProbeAnswer) => void>();
  let nextProbe = 1;
  child.on('message', (answer: ProbeAnswer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });

  return {
    pid: child.pid!,
    port: opts.port,
    base: server.base,
    output: server.output,
    rssKb: () => rssKbOf(child.pid!),
    probe(probeOpts = {}) {
      const request: ProbeRequest = { type: 'probe', id: nextProbe++, ...probeOpts };
      return new Promise<ProbeAnswer>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('server probe: no answer in 10 s')), 10_000);
        waiting.set(request.id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        child.send(request);
      });
    },
    async stop() {
      return (await server.stop(25_000)).code;
    },
  };
}
