/** Access is decided before the request's input is read: a refused caller learns no input rule. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it.each([
  ['POST', '/api/tips', { title: 1 }],
  ['GET', '/api/tips/not-a-uuid', undefined],
  ['GET', '/api/explore?limit=abc', undefined],
  ['PUT', '/api/admin/tip-types/x', { nope: true }],
] as const)(
  '%s %s with bad input: 401 for strangers, 403 for pending accounts and (admin routes) members',
  async (method, url, body) => {
    const pending = await t.createMember('pending');
    const member = await t.createMember('user');
    const anonymous = await t.call(method, url, { body });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(TEXTS.signInRequired);
    const asPending = await t.call(method, url, { body, cookie: pending.cookie });
    expect(asPending.statusCode).toBe(403);
    expect(asPending.json().message).toBe(TEXTS.accountPendingActivation);
    const asMember = await t.call(method, url, { body, cookie: member.cookie });
    expect(asMember.statusCode).toBe(url.startsWith('/api/admin') ? 403 : 400);
  },
);

it('refuses an anonymous upload without reading it', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/tip-photos',
    headers: { 'x-waymark-csrf': '1', 'content-type': 'multipart/form-data; boundary=x' },
    payload: 'not even multipart',
  });
  expect(res.statusCode).toBe(401);
});
