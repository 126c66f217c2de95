/**
 * The real server for the Lighthouse run: `node --import tsx server/src/server.ts` on a free port
 * and a fresh embedded database in a temporary directory, which `stop()` removes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BenchServer {
  base: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(root: string, admin: { email: string; password: string }): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-bench-web-'));
  const { DATABASE_URL: _embeddedOnly, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_UPLOADS: '1000',
    },
  });
  let output = '';
  const keep = (d: Buffer) => void (output = (output + d.toString()).slice(-10_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop };
}

/** A JSON request as a browser would make it (the CSRF header on writes); throws unless `expected`. */
export async function callApi<T>(base: string, method: string, url: string, opts: { cookie?: string; body?: unknown; expected: number }) {
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
