/**
 * Issue 6, route matrix (deny by default): every registered /api route has an entry in the
 * access table, and every route is called as each caller with a valid request, getting exactly
 * the declared status; refusals carry only the error body and none of the target's data.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test-app';
import { createPeople } from './callers';
import { type Fixtures, createFixtures } from './fixtures';
import { accountRequests } from './requests-account';
import { adminRequests } from './requests-admin';
import { passkeyRequests } from './requests-passkeys';
import { contentRequests } from './requests-content';
import { socialRequests } from './requests-social';
import { sharingRequests } from './requests-sharing';
import { twoFactorRequests } from './requests-two-factor';
import { moderationRequests } from './requests-moderation';
import { ACCESS_TABLE } from './route-access-table';
import { type Tally, runRoute } from './run-matrix';
import type { Requests } from './scene';

const REQUESTS: Requests = {
  ...accountRequests,
  ...adminRequests,
  ...contentRequests,
  ...socialRequests,
  ...sharingRequests,
  ...twoFactorRequests,
  ...passkeyRequests,
  ...moderationRequests,
};
const TABLE_KEYS = Object.keys(ACCESS_TABLE);

describe('route matrix', () => {
  let t: TestApp;
  let fx: Fixtures;
  let base: string;
  const tally: Tally = { calls: 0, unexpected: 0 };
  const covered = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp();
    // A real socket only for GET /api/events, whose successful answer never ends.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    fx = createFixtures(t, await createPeople(t));
  });
  afterAll(async () => {
    console.log(`route matrix: ${covered.size} routes, ${tally.calls} calls, ${tally.unexpected} unexpected`);
    await t?.close();
  });

  it('has an access entry for every registered /api route, and none for a route not registered', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThan(0);
    expect(
      registered.filter((k) => !(k in ACCESS_TABLE)),
      'registered routes missing from the access table',
    ).toEqual([]);
    expect(
      TABLE_KEYS.filter((k) => !registered.includes(k)),
      'table entries for routes not registered',
    ).toEqual([]);
    expect(
      TABLE_KEYS.filter((k) => !(k in REQUESTS)),
      'table entries without a request',
    ).toEqual([]);
    expect(
      Object.keys(REQUESTS).filter((k) => !(k in ACCESS_TABLE)),
      'requests without a table entry',
    ).toEqual([]);
  });

  it.each(TABLE_KEYS)('%s', async (key) => {
    const problems = await runRoute(fx, key, ACCESS_TABLE[key]!, REQUESTS[key] ?? {}, base, tally);
    covered.add(key);
    expect(problems).toEqual([]);
  });
});
