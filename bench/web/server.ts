/**
 * The real server for the Lighthouse run and the Explore scroll (scripts/server-process.ts) on a
 * free port, by default on a fresh embedded database in a temporary directory, which `stop()`
 * removes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServerProcess } from '../../scripts/server-process';

export interface BenchServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * `env` on top of this process's environment and the bench's own (port, admin, a data directory
 * removed by `stop()`); DATABASE_URL only when `env` sets it, else the embedded database.
 */
export async function startServer(
  root: string,
  admin: { email: string; password: string },
  env: Record<string, string> = { RATE_LIMIT_UPLOADS: '1000' },
  dataDirPrefix = 'waymark-bench-web-',
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), dataDirPrefix));
  const { DATABASE_URL: _embeddedOnly, ...inherited } = process.env;
  try {
    const server = await startServerProcess({
      port,
      cwd: root,
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'warn',
        ...env,
      },
      healthTimeoutMs: 240_000, // a shared machine at load 8-12 took 2 min to start the server
      outputLimit: 10_000,
    });
    return {
      base,
      stop: async () => {
        await server.stop(20_000);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** A JSON request as a browser would make it (the CSRF header on writes); throws unless `expected`. */
export async function callApi<T>(
  base: string,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown; expected: number },
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...(method === 'GET' ? {} : { 'x-waymark-csrf': '1' }),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  if (res.status !== opts.expected) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as T, setCookies: res.headers.getSetCookie() };
}

/** Signs in and returns the session cookie (`waymark.session_token=...` over http). */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await callApi(base, 'POST', '/api/auth/sign-in', { body: { email, password }, expected: 200 });
  const cookie = res.setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('waymark.session_token='));
  if (!cookie) throw new Error(`sign-in of ${email}: no session cookie`);
  return cookie;
}
