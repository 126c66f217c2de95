import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { profiles, sessions, users } from '@db/schema';
import { ADMIN, type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const newAccount = (suffix: string) => ({
  fullName: 'Ada Traveler',
  email: `ada.${suffix}@example.com`,
  password: 'secret-pass',
});

describe('POST /api/auth/sign-up', () => {
  it('creates a pending account with profile and role, and signs it in', async () => {
    const body = newAccount('pending');
    const res = await t.call('POST', '/api/auth/sign-up', { body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email, role: 'pending', name: 'Ada Traveler' });
    expect(res.json().username).toMatch(/^ada-traveler(-\d+)?$/);
    const cookie = res.cookies.find((c) => c.name === 'waymark.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await t.call('GET', '/api/auth/me', { cookie: sessionCookie(res) });
    expect(me.json()).toMatchObject({ role: 'pending' });
  });

  it('refuses an e-mail that already has an account, whatever its case (409)', async () => {
    const body = newAccount('dup');
    expect((await t.call('POST', '/api/auth/sign-up', { body })).statusCode).toBe(201);
    const again = await t.call('POST', '/api/auth/sign-up', {
      body: { ...body, email: body.email.toUpperCase(), password: 'another-pass' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEXTS.userAlreadyRegistered);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(email) = ${body.email}`);
    expect(row?.n).toBe(1);
  });

  it('never signs an existing account in, even with its right password (ADR 027)', async () => {
    const body = newAccount('existing');
    await t.call('POST', '/api/auth/sign-up', { body });
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
    const sessionsBefore = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    const again = await t.call('POST', '/api/auth/sign-up', { body });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: TEXTS.userAlreadyRegistered,
      code: 'email_taken',
      field: 'email',
    });
    expect(again.cookies.filter((c) => c.value)).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(sessionsBefore.length);
  });

  it.each([
    [{ fullName: '', email: 'x@example.com', password: 'secret-pass' }, TEXTS.fillAllFields, 'fullName'],
    [{ fullName: 'X', email: 'not-an-email', password: 'secret-pass' }, 'Please enter a valid email address', 'email'],
    [{ fullName: 'X', email: 'x@example.com', password: '12345' }, TEXTS.passwordTooShort, 'password'],
    [{ fullName: 'X', email: 'x@example.com' }, 'password is missing or not valid', 'password'],
  ])('refuses invalid input %# with a clear 400 naming the field', async (body, message, field) => {
    const res = await t.call('POST', '/api/auth/sign-up', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, code: 'invalid_field', field });
  });

  it('refuses a token that matches no activation, creating nothing', async () => {
    const body = { ...newAccount('badtoken'), token: 'not-a-real-token' };
    const res = await t.call('POST', '/api/auth/sign-up', { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXTS.invalidSignupToken);
    const found = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(found).toHaveLength(0);
  });
});

describe('POST /api/auth/sign-in', () => {
  it('signs in with the right password, case-insensitively on the e-mail', async () => {
    const res = await t.call('POST', '/api/auth/sign-in', {
      body: { email: ADMIN.email.toUpperCase(), password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: ADMIN.email, role: 'admin', name: 'Administrator' });
  });

  it('refuses a wrong password or unknown e-mail with the same 401', async () => {
    for (const body of [
      { email: ADMIN.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'wrong-password' },
    ]) {
      const res = await t.call('POST', '/api/auth/sign-in', { body });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(TEXTS.invalidCredentials);
      expect(res.cookies.filter((c) => c.value)).toHaveLength(0);
    }
  });

  it('refuses a malformed body with 400', async () => {
    const res = await t.call('POST', '/api/auth/sign-in', { body: { email: 'nope' } });
    expect(res.statusCode).toBe(400);
  });

  it('rotates the session: a new token, and the one held before stops working', async () => {
    const member = await t.createMember('user');
    const second = await t.call('POST', '/api/auth/sign-in', {
      cookie: member.cookie,
      body: { email: member.email, password: member.password },
    });
    const newCookie = sessionCookie(second);
    expect(newCookie).not.toBe(member.cookie);
    expect((await t.call('GET', '/api/auth/me', { cookie: member.cookie })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { cookie: newCookie })).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('is 401 without a session and with a forged cookie', async () => {
    expect((await t.call('GET', '/api/auth/me')).statusCode).toBe(401);
    const forged = await t.call('GET', '/api/auth/me', { cookie: 'waymark.session_token=abc.def' });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 401 once the user row is gone', async () => {
    const member = await t.createMember('user');
    await t.db.delete(users).where(eq(users.id, member.id));
    expect((await t.call('GET', '/api/auth/me', { cookie: member.cookie })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/sign-out', () => {
  it('ends the session on the server, not only in the browser', async () => {
    const member = await t.createMember('user');
    const res = await t.call('POST', '/api/auth/sign-out', { cookie: member.cookie });
    expect(res.statusCode).toBe(204);
    expect((await t.call('GET', '/api/auth/me', { cookie: member.cookie })).statusCode).toBe(401);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(left).toHaveLength(0);
  });

  it('is harmless without a session', async () => {
    expect((await t.call('POST', '/api/auth/sign-out')).statusCode).toBe(204);
  });
});

describe('POST /api/auth/password', () => {
  it('changes the password after verifying the current one and ends other sessions', async () => {
    const member = await t.createMember('user');
    const otherDevice = await t.signIn(member.email, member.password);
    const res = await t.call('POST', '/api/auth/password', {
      cookie: member.cookie,
      body: { currentPassword: member.password, newPassword: 'brand-new-pass' },
    });
    expect(res.statusCode).toBe(204);
    expect((await t.call('GET', '/api/auth/me', { cookie: otherDevice })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/auth/me', { cookie: sessionCookie(res) })).statusCode).toBe(200);
    await expect(t.signIn(member.email, member.password)).rejects.toThrow();
    await expect(t.signIn(member.email, 'brand-new-pass')).resolves.toBeTruthy();
  });

  it('refuses a wrong current password (400), a short new one (400) and anonymous callers (401)', async () => {
    const member = await t.createMember('user');
    const wrong = await t.call('POST', '/api/auth/password', {
      cookie: member.cookie,
      body: { currentPassword: 'not-it', newPassword: 'brand-new-pass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TEXTS.currentPasswordWrong);
    const short = await t.call('POST', '/api/auth/password', {
      cookie: member.cookie,
      body: { currentPassword: member.password, newPassword: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(TEXTS.newPasswordTooShort);
    const anonymous = await t.call('POST', '/api/auth/password', {
      body: { currentPassword: member.password, newPassword: 'brand-new-pass' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

// POST /api/auth/email and /email/confirm: email-change.api.test.ts.

describe('pending accounts (product.md, Invitations and signing up)', () => {
  it('may read /me but get 403 on member routes', async () => {
    const pending = await t.createMember('pending');
    expect((await t.call('GET', '/api/auth/me', { cookie: pending.cookie })).statusCode).toBe(200);
    const res = await t.call('GET', '/api/tip-types', { cookie: pending.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TEXTS.accountPendingActivation);
  });

  // Role changes through the admin routes apply on the next request (admin.api.test.ts); made
  // straight in the database, as another process would, once its NOTIFY arrives
  // (session-cache.api.test.ts).
});

describe('profile written at sign-up', () => {
  it('sets the name, and a username made from the name, never the e-mail (product.md, Profiles)', async () => {
    const body = { ...newAccount('profile'), fullName: 'Zoë de la Cruz' };
    const res = await t.call('POST', '/api/auth/sign-up', { body });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, res.json().id));
    expect(profile).toMatchObject({ name: body.fullName, country: null });
    expect(profile?.username).toMatch(/^zoe-de-la-cruz(-\d+)?$/);
    expect(profile?.username).not.toContain('@');
  });

  it('gives namesakes -2, -3..., whatever the case of the handle taken', async () => {
    await t.db
      .update(profiles)
      .set({ username: 'Nora-Namesake' })
      .where(eq(profiles.userId, (await t.createMember('user', 'Placeholder')).id));
    const handles = [];
    for (const suffix of ['n1', 'n2']) {
      const res = await t.call('POST', '/api/auth/sign-up', { body: { ...newAccount(suffix), fullName: 'Nora Namesake' } });
      expect(res.statusCode).toBe(201);
      handles.push(res.json().username);
    }
    expect(handles).toEqual(['nora-namesake-2', 'nora-namesake-3']);
  });
});
