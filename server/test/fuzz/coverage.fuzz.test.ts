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
  expect(keys.filter((k) => !STRATEGIES[k]), 'routes without a strategy in server/test/fuzz/strategies').toEqual([]);
  expect(Object.keys(STRATEGIES).filter((k) => !keys.includes(k)), 'strategies of routes that no longer exist').toEqual([]);
});
