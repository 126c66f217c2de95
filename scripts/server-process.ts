/**
 * A Node script (by default the real `server/src/server.ts`) as a child process, for tests and
 * benches: start on a port, wait until it answers, stop it by its own pid. Started as
 * `node --import tsx script`, not the tsx CLI: the CLI runs the script in a grandchild, so a kill
 * would only reach the wrapper and leave the server running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';

export interface ProcessExit {
  /** null when killed by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcessOptions {
  port: number;
  /** The child's whole environment (nothing is inherited unless the caller spreads process.env). */
  env: NodeJS.ProcessEnv;
  /** Default `server/src/server.ts`, relative to `cwd`. */
  script?: string;
  /** Node flags after `--import tsx`, e.g. `--expose-gc` or another `--import`. */
  nodeArgs?: string[];
  cwd?: string;
  /** Opens an IPC channel (child.send / 'message'). */
  ipc?: boolean;
  healthPath?: string;
  healthTimeoutMs?: number;
  pollMs?: number;
  /** Keep only the last this many characters of stdout + stderr in `output()`. */
  outputLimit?: number;
  /** Also write stdout + stderr to this file. */
  logFile?: string;
}

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<ProcessExit>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<ProcessExit>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the script and resolves once `healthPath` answers 2xx; stops it and throws when it never does. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { port, outputLimit = Infinity } = options;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...(options.nodeArgs ?? []), options.script ?? 'server/src/server.ts'],
    {
      cwd: options.cwd ?? process.cwd(),
      env: options.env,
      stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-outputLimit);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (options.logFile) {
    const log = createWriteStream(options.logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  const exited = new Promise<ProcessExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.kill('SIGTERM');
    const result = await exited;
    clearTimeout(timer);
    return result;
  };
  const server: ServerProcess = { base: `http://127.0.0.1:${port}`, port, child, output: () => output, exited, stop };
  try {
    await waitForHealth(server, options.healthPath ?? '/api/health', options.healthTimeoutMs ?? 60_000, options.pollMs ?? 250);
  } catch (error) {
    await stop();
    throw error;
  }
  return server;
}

async function waitForHealth(server: ServerProcess, healthPath: string, timeoutMs: number, pollMs: number): Promise<void> {
  const url = `${server.base}${healthPath}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`${url}: the process exited (${server.child.exitCode}) before answering: ${server.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${server.output()}`);
}
