/** A new /api route must get a fuzz strategy (and with it, the tables it may change). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { routeKey } from './strategy';
import { STRATEGIES } from './strategies/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('every /api route has a fuzz strategy, and every strategy names a route', () => {
  const keys = t.app.apiRoutes.map(routeKey);
  expect(
    keys.filter((k) => !STRATEGIES[k]),
    'routes without a strategy in server/test/fuzz/strategies',
  ).toEqual([]);
  expect(
    Object.keys(STRATEGIES).filter((k) => !keys.includes(k)),
    'strategies of routes that no longer exist',
  ).toEqual([]);
});

/**
 * Issue 19: the fuzzer missed the upload routes' broken bodies. A route reads multipart when its
 * Fastify context has a multipart parser (anywhere else Fastify itself answers "Unsupported Media
 * Type") and it declares no JSON body. Each such route must be fuzzed with multipart bodies,
 * well-formed and broken (requests.ts), and each multipart strategy must be such a route.
 */
it('every route that reads multipart is fuzzed with multipart bodies, and only those', async () => {
  const admin = await t.signInAdmin();
  const boundary = 'coverageProbe';
  const readsMultipart: string[] = [];
  for (const route of t.app.apiRoutes) {
    if (route.method === 'GET' || route.schema?.body) continue;
    const res = await t.app.inject({
      method: route.method as 'POST',
      url: route.url.replaceAll(/:\w+/g, '00000000-0000-4000-8000-000000000000'),
      headers: { cookie: admin, 'x-waymark-csrf': '1', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    const hasNoParser = res.statusCode === 415 && res.json<{ message: string }>().message.startsWith('Unsupported Media Type');
    if (!hasNoParser) readsMultipart.push(routeKey(route));
  }
  const fuzzedAsMultipart = Object.entries(STRATEGIES).flatMap(([key, s]) => (s.multipart ? [key] : []));
  expect(readsMultipart.length, 'the upload routes were found').toBeGreaterThanOrEqual(3);
  expect(readsMultipart.sort()).toEqual(fuzzedAsMultipart.sort());
});
