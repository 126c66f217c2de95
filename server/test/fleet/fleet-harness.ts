/**
 * The fleet test's machinery (issue 37, ADR 117): HAProxy with deploy/haproxy.cfg.template in
 * front of Waymark server processes, and a small HTTP client that keeps a session cookie.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const HAPROXY = '/usr/sbin/haproxy';
const TEMPLATE = path.resolve(import.meta.dirname, '../../../deploy/haproxy.cfg.template');

export interface Haproxy {
  base: string;
  /** The state HAProxy gives each server of a backend (`UP`, `DOWN`, `UP 1/2`...), by server name. */
  states(backend: 'ready' | 'alive'): Promise<Record<string, string>>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Writes the template with the port and servers filled in, plus a stats page of the test's own
 * (to read each server's state), and runs HAProxy in the foreground until `stop()`.
 */
export async function startHaproxy(options: {
  port: number;
  statsPort: number;
  servers: Record<string, number>;
  configFile: string;
}): Promise<Haproxy> {
  const servers = Object.entries(options.servers)
    .map(([name, port]) => `    server ${name} 127.0.0.1:${port}`)
    .join('\n');
  const config =
    readFileSync(TEMPLATE, 'utf8').replaceAll('{{BIND}}', `127.0.0.1:${options.port}`).replaceAll('{{SERVERS}}', servers) +
    `\nfrontend test-stats\n    bind 127.0.0.1:${options.statsPort}\n    stats enable\n    stats uri /stats\n`;
  writeFileSync(options.configFile, config);
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', options.configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const states = async (backend: string) => {
    const csv = await (await fetch(`http://127.0.0.1:${options.statsPort}/stats;csv`)).text();
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const found: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[at('pxname')] === backend && !['FRONTEND', 'BACKEND'].includes(cells[at('svname')] ?? ''))
        found[cells[at('svname')] ?? ''] = cells[at('status')] ?? '';
    }
    return found;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    try {
      await states('ready');
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`haproxy did not start: ${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { base: `http://127.0.0.1:${options.port}`, states, output: () => output, stop };
}

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  /** A raw body (multipart); its content type goes in `headers`. */
  raw?: Buffer;
  headers?: Record<string, string>;
}

/** A call as the web client makes it, over real HTTP: JSON, the session cookie, the CSRF header. */
export function call(base: string, method: string, url: string, opts: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...(method === 'GET' ? {} : { 'x-waymark-csrf': '1' }) };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: BodyInit | undefined;
  if (opts.raw) body = new Uint8Array(opts.raw);
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(`${base}${url}`, { method, headers: { ...headers, ...opts.headers }, body, signal: AbortSignal.timeout(20_000) });
}

/** The `name=value` of the session cookie a response set. */
export function sessionCookieOf(res: Response): string {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => /session_token=./.test(c));
  if (!cookie) throw new Error(`no session cookie (${res.status})`);
  return cookie;
}

/** Sum of `http_requests_total` samples of one instance whose labels include all of `labels`. */
export async function requestsServed(base: string, token: string, labels: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`/metrics: ${res.status}`);
  let total = 0;
  for (const line of (await res.text()).split('\n')) {
    if (!line.startsWith('http_requests_total{')) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) total += Number(line.split(' ').at(-1));
  }
  return total;
}
