/**
 * Child processes under test (scripts/server-process.ts: `node --import tsx file`, stopped by
 * their own pid, never by name), each with only the environment it is given.
 */
import path from 'node:path';
import { freePort, startServerProcess } from '../../scripts/server-process';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface Child {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `script` with only the given environment (plus PATH/HOME) and Node flags, logging to `logFile`. */
export async function startChild(
  script: string,
  env: Record<string, string>,
  healthPath: string,
  logFile: string,
  nodeArgs: string[] = [],
): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServerProcess({
    port,
    script,
    nodeArgs,
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), PUBLIC_URL: url },
    healthPath,
    healthTimeoutMs: 180_000,
    outputLimit: 20_000,
    logFile,
  });
  return { url, pid: server.child.pid ?? 0, stop: async () => void (await server.stop(25_000)) };
}
