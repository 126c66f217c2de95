/**
 * The real `server.ts` as a child process (scripts/server-process.ts), for fault tests that kill,
 * cut or stop it: start on a free port, SIGKILL / SIGTERM (`server.stop(graceMs)`), and start
 * again on the same database.
 */
import { type ServerProcess, freePort, startServerProcess } from '../../../scripts/server-process';

export type { ServerProcess };

export const ADMIN = { email: 'admin@waymark.test', password: 'admin-password-1' };

export interface ServerOptions {
  /** PostgreSQL url; without it the server uses PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  port?: number;
  /** Extra environment (e.g. short timeouts). */
  env?: NodeJS.ProcessEnv;
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    DATA_DIR: options.dataDir,
    RATE_LIMIT_SIGN_IN: '10000',
    RATE_LIMIT_SIGN_UP: '10000',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  return startServerProcess({ port, env, pollMs: 200 });
}

export interface Session {
  id: string;
  cookie: string;
}

function sessionCookie(res: Response): string {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /session_token=./.test(c));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** JSON call with the CSRF header (no Origin, as a non-browser client). */
export function api(base: string, method: string, url: string, cookie?: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-waymark-csrf': '1' };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const res = await api(base, 'POST', '/api/auth/sign-in', undefined, { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { id, cookie: sessionCookie(res) };
}

/** Signs up and has the admin make the account a member (role user), all over HTTP. */
export async function signUpMember(base: string, admin: Session, fullName: string): Promise<Session> {
  const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await api(base, 'POST', '/api/auth/sign-up', undefined, { fullName, email, password: 'member-password-1' });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const cookie = sessionCookie(res);
  const role = await api(base, 'PATCH', `/api/admin/users/${id}/role`, admin.cookie, { role: 'user' });
  if (role.status !== 200) throw new Error(`role: ${role.status} ${await role.text()}`);
  return { id, cookie };
}

/** Creates a tip; returns its id. */
export async function createTip(base: string, member: Session, title: string): Promise<string> {
  const res = await api(base, 'POST', '/api/tips', member.cookie, {
    title,
    country: 'France',
    city: 'Lyon',
    description: 'Go hungry.',
  });
  if (res.status !== 201) throw new Error(`tip: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
