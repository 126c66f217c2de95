/** Under https the session cookie is a __Host- cookie (ASVS 5.0 V3.3.1): Secure, Path=/, no Domain. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://waymark.example.org' });
});
afterAll(async () => {
  await t.close();
});

it('sets __Host-waymark.session_token, Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
  const res = await t.call('POST', '/api/auth/sign-in', {
    body: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin: 'https://waymark.example.org' },
  });
  expect(res.statusCode).toBe(200);
  const cookies = res.cookies.filter((c) => c.value);
  // The known-device cookie (ADR 107) carries the same prefix and attributes.
  expect(cookies.map((c) => c.name)).toEqual(['__Host-waymark.session_token', '__Host-waymark.device']);
  for (const cookie of cookies) {
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.domain).toBeUndefined();
  }
  const me = await t.call('GET', '/api/auth/me', { cookie: `${cookies[0]!.name}=${cookies[0]!.value}` });
  expect(me.statusCode).toBe(200);
});

it('ignores a session cookie under the plain-http name', async () => {
  const res = await t.call('POST', '/api/auth/sign-in', {
    body: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin: 'https://waymark.example.org' },
  });
  const value = res.cookies.find((c) => c.name === '__Host-waymark.session_token')!.value;
  expect((await t.call('GET', '/api/auth/me', { cookie: `waymark.session_token=${value}` })).statusCode).toBe(401);
});
