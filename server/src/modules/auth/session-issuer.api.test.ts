import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '@db/schema';
import { bootstrap } from '../../bootstrap';
import { PUBLIC_URL, createTestApp, type TestApp } from '@server-test/test-app';
import { createBetterAuth } from './better-auth';

let t: TestApp;
let auth: ReturnType<typeof createBetterAuth>;

beforeAll(async () => {
  t = await createTestApp();
  // The secret bootstrap stored: the same one the app signs its cookies with.
  const { sessionSecret } = await bootstrap(t.database, t.config);
  auth = createBetterAuth({ db: t.db, secret: sessionSecret, publicUrl: PUBLIC_URL });
});
afterAll(async () => t.close());

describe('the session issuer', () => {
  it('starts a session the app accepts, stored with a hashed token', async () => {
    const member = await t.createMember();
    const { headers, response } = await auth.api.issueSession({
      body: { userId: member.id },
      headers: new Headers({ 'user-agent': 'issuer-test', 'x-forwarded-for': '203.0.113.9' }),
      returnHeaders: true,
    });
    const cookie = headers.getSetCookie()[0]!.split(';')[0]!;
    const me = await t.call('GET', '/api/auth/me', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ id: string }>().id).toBe(member.id);

    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, response.sessionId));
    expect(row?.userAgent).toBe('issuer-test');
    expect(cookie).not.toContain(row!.token);
  });

  it('refuses an unknown user', async () => {
    await expect(
      auth.api.issueSession({ body: { userId: '00000000-0000-4000-8000-000000000000' }, headers: new Headers() }),
    ).rejects.toThrow();
  });
});
