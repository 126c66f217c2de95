/** Input PostgreSQL cannot store or read answers 400 with a clear message (found by the fuzz tests). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.createMember('user')).cookie;
});
afterAll(async () => {
  await t.close();
});

it.each([
  ['a NUL in a JSON body', 'PATCH', '/api/profiles/me', '{"name":"A\\u0000B"}'],
  ['a lone surrogate in a JSON body', 'POST', '/api/tips', '{"title":"x\\udfff\\ud800"}'],
] as const)('%s: 400', async (_label, method, url, payload) => {
  const res = await t.app.inject({
    method,
    url,
    payload,
    headers: { cookie, 'content-type': 'application/json', 'x-waymark-csrf': '1' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(TEXTS.unstorableText);
});

it('a NUL in a search: 400', async () => {
  const res = await t.call('GET', '/api/saved/counts?q=a%00b', { cookie });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(TEXTS.unstorableText);
});

it('a forged cursor for a date that does not exist: 400, not 500', async () => {
  const cursor = Buffer.from('2026-02-30 10:00:00+00|0b9f6a52-5c5e-4a8e-9b1e-3f0d2c7a9e11').toString('base64url');
  const res = await t.call('GET', `/api/explore?cursor=${cursor}`, { cookie });
  expect(res.statusCode).toBe(400);
  // The cursor's own check refuses an impossible day before the database sees it (issue 36).
  expect(res.json().message).toBe('Invalid page cursor');
});

it.each(['/api/uploads/tip-photos', '/api/profiles/me/avatar'])(
  '%s: multipart without a boundary is 415, not 500',
  async (url) => {
    const res = await t.call('POST', url, { cookie, body: '{}', headers: { 'content-type': 'multipart/form-data' } });
    expect(res.statusCode).toBe(415);
  },
);
