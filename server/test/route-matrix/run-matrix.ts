/**
 * Makes every call of one route's table entry (each scenario, each caller) and returns what
 * differed from the table: the status, and for a refusal the exact error shape and no data of
 * the target row; for a non-owner, never a string only the owner may see; and for every answer,
 * headers that keep it out of every cache (issue 19 item 8).
 */
import { ApiErrorSchema } from '@common/schemas/common';
import { CALLERS, type Caller, SECRET } from './callers';
import type { Fixtures } from './fixtures';
import type { Expected, RouteAccess } from './route-access-table';
import type { Build, Scene } from './scene';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Tally {
  calls: number;
  unexpected: number;
}

const matches = (expected: Expected, status: number) => (typeof expected === 'number' ? [expected] : expected).includes(status);

/** GET /api/events never ends on success: read the status over a real socket, then hang up. */
async function openStream(base: string, scene: Scene, cookie: string | undefined) {
  const controller = new AbortController();
  const res = await fetch(`${base}${scene.url}`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  const body = res.status === 200 ? '' : await res.text();
  const contentType = res.headers.get('content-type') ?? '';
  const headers = { 'cache-control': res.headers.get('cache-control') ?? undefined, vary: res.headers.get('vary') ?? undefined };
  controller.abort();
  return { statusCode: res.status, body, headers, isEventStream: contentType.startsWith('text/event-stream') };
}

function refusalProblems(status: number, body: string, secrets: string[]): string[] {
  const problems: string[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [`refusal body is not JSON: ${body.slice(0, 200)}`];
  }
  // Exactly the error body (ADR 121): nothing else, the status it was sent with.
  const shape = ApiErrorSchema.strict().safeParse(parsed);
  if (!shape.success || shape.data.statusCode !== status) {
    problems.push(`refusal body is not { statusCode, error, message, code, field?, fields? }: ${body.slice(0, 200)}`);
  }
  const leaked = secrets.filter((s) => body.includes(s));
  if (leaked.length > 0) problems.push(`refusal body leaks ${leaked.join(', ')}: ${body.slice(0, 200)}`);
  return problems;
}

export async function runRoute(
  fx: Fixtures,
  key: string,
  access: RouteAccess,
  requests: Record<string, Build>,
  base: string,
  tally: Tally,
) {
  const [method, template] = key.split(' ') as [Method, string];
  const problems: string[] = [];
  for (const [scenario, outcome] of Object.entries(access)) {
    const build = requests[scenario];
    if (!build) {
      problems.push(`${key} [${scenario}]: no request builder`);
      continue;
    }
    for (const caller of CALLERS) {
      const scene = await build(fx, caller);
      const account = 'as' in scene ? scene.as : fx.accountOf(caller);
      const res = scene.isStream
        ? await openStream(base, scene, account?.cookie)
        : await fx.t.call(method, scene.url, { cookie: account?.cookie, body: scene.body, headers: scene.headers });
      tally.calls += 1;
      const found = checkCall(fx, caller, scene, outcome[caller], res.statusCode, res.body);
      found.push(...cacheProblems(key, res.statusCode, res.headers));
      if ('isEventStream' in res && res.statusCode === 200 && !res.isEventStream) found.push('not an event stream');
      for (const p of found) problems.push(`${method} ${template} [${scenario}] as ${caller}: ${p}`);
      if (found.length > 0) tally.unexpected += 1;
    }
  }
  return problems;
}

function checkCall(fx: Fixtures, caller: Caller, scene: Scene, expected: Expected, status: number, body: string): string[] {
  const problems: string[] = [];
  if (!matches(expected, status)) problems.push(`expected ${JSON.stringify(expected)}, got ${status}: ${body.slice(0, 200)}`);
  if (status >= 400) problems.push(...refusalProblems(status, body, [SECRET, fx.people.owner.email, ...(scene.secrets ?? [])]));
  if (caller !== 'owner') {
    const seen = (scene.ownerOnly ?? []).filter((s) => body.includes(s));
    if (seen.length > 0) problems.push(`shows the owner's ${seen.join(', ')}`);
  }
  if (caller !== 'owner' && caller !== 'connection') {
    const seen = (scene.connectionsOnly ?? []).filter((s) => body.includes(s));
    if (seen.length > 0) problems.push(`shows the owner's connections-only ${seen.join(', ')}`);
  }
  return problems;
}

/** A photo's own caching (private, immutable): the one successful answer that may be kept. */
const KEPT_WHEN_OK = new Set(['GET /api/media/:bucket/:userId/:file']);

/**
 * Issue 19 item 8 (ADR 032): no cache may keep an answer that depends on the session, which is
 * every /api answer, refusals included; all of them vary on the cookie.
 */
function cacheProblems(key: string, status: number, headers: Record<string, string | string[] | number | undefined>): string[] {
  const cacheControl = String(headers['cache-control'] ?? '');
  const vary = String(headers.vary ?? '');
  const problems: string[] = [];
  const isKept = KEPT_WHEN_OK.has(key) && status === 200;
  if (isKept ? !/^private\b/.test(cacheControl) : !/(^|,\s*)no-store\b/.test(cacheControl)) {
    problems.push(`${status} answer has cache-control "${cacheControl}"`);
  }
  if (!/\bcookie\b/i.test(vary)) problems.push(`${status} answer does not vary on the cookie (vary "${vary}")`);
  return problems;
}
