/**
 * The real server as a child process: `node --import tsx server/src/server.ts`, so the child's pid
 * is the server itself (the tsx CLI would put a second process in between, whose memory is not the
 * server's and which ignores kill). Its RSS is read from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { ProbeAnswer, ProbeRequest } from './server-probe';

export interface ServerProcess {
  pid: number;
  port: number;
  base: string;
  output(): string;
  /** VmRSS of the server process in KB. */
  rssKb(): number;
  /** Memory, event-loop delay and GC pauses inside the server (server-probe.ts); `reset` starts a new window. */
  probe(opts?: { gc?: boolean; reset?: boolean }): Promise<ProbeAnswer>;
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function rssKbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}

export async function startServer(opts: { cwd: string; port: number; env: Record<string, string> }): Promise<ServerProcess> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--import', './bench/realtime/server-probe.ts', 'server/src/server.ts'], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const waiting = new Map<number, (answer: ProbeAnswer) => void>();
  let nextProbe = 1;
  child.on('message', (answer: ProbeAnswer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server at ${base} not healthy after 90 s: ${output}`);
    }
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    pid: child.pid!,
    port: opts.port,
    base,
    output: () => output,
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
      if (child.exitCode !== null) return child.exitCode;
      const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
      child.kill('SIGTERM');
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
