/** The few API calls the benchmark makes, with the CSRF header every non-GET request needs. */
import { wallClockMs } from './sse-client';

export interface Timed<T> {
  status: number;
  body: T;
  /** wallClockMs() when the response (headers and body) had arrived. */
  at: number;
}

export async function callApi<T>(
  base: string,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown } = {},
): Promise<Timed<T> & { setCookies: string[] }> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (method !== 'GET') headers['x-waymark-csrf'] = '1';
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const at = wallClockMs();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: res.status, body: body as T, at, setCookies: res.headers.getSetCookie() };
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await callApi(base, 'POST', '/api/auth/sign-in', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = res.setCookies.map((c) => c.split(';')[0]!).find((c) => /session_token=./.test(c));
  if (!cookie) throw new Error(`sign-in of ${email}: no session cookie`);
  return cookie;
}

/** Runs `work` over `items` with at most `concurrency` in flight; results in input order. */
export async function inPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
