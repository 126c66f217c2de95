import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, type TestApp, createTestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://waymark.example.org' });
});
afterAll(async () => {
  await t.close();
});

it('marks the session cookie Secure (with the __Secure- prefix) when PUBLIC_URL is https', async () => {
  const res = await t.call('POST', '/api/auth/sign-in', {
    body: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin: 'https://waymark.example.org' },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === '__Secure-waymark.session_token');
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  const me = await t.call('GET', '/api/auth/me', { cookie: `${cookie!.name}=${cookie!.value}` });
  expect(me.statusCode).toBe(200);
});
