/**
 * Issue 19 item 2, ADR 028: an e-mail change needs the current password and applies only when
 * the single-use, short-lived link mailed to the new address is opened.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { emailChangeTokens, outbox, tips, userRoles, users } from '@db/schema';
import { ADMIN, PUBLIC_URL, type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';
import { hashToken } from '../invitations/signup-token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const fresh = () => `new.${(seq += 1)}.${Date.now()}@example.com`;
const ask = (cookie: string, email: string, currentPassword: string) =>
  t.call('POST', '/api/auth/email', { cookie, body: { email, currentPassword } });
const confirm = (token: string, cookie?: string) => t.call('POST', '/api/auth/email/confirm', { cookie, body: { token } });

/** The token of the newest confirmation link mailed to `email`. */
async function linkTokenFor(email: string): Promise<string> {
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(desc(outbox.createdAt)).limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = new URL(mail.bodyText.match(/https?:\/\/\S+/)![0]);
  expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/confirm-email`);
  return link.searchParams.get('token')!;
}

const emailOf = async (userId: string) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

describe('POST /api/auth/email', () => {
  it('with the password: 202, a link to the NEW address, nothing changed yet, only the hash stored', async () => {
    const member = await t.createMember('user');
    const email = fresh();
    const res = await ask(member.cookie, email.toUpperCase(), member.password);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ pendingEmail: email, isEmailSent: true });
    expect(await emailOf(member.id)).toBe(member.email);
    expect((await t.call('GET', '/api/auth/me', { cookie: member.cookie })).json().email).toBe(member.email);
    const token = await linkTokenFor(email);
    const [row] = await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, member.id));
    expect(row).toMatchObject({ newEmail: email, tokenHash: hashToken(token) });
    const lifetime = row!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(55 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    const [leak] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.tokenHash, token));
    expect(leak?.n).toBe(0);
  });

  it('refuses a wrong or missing password (400), the same address (400), a taken one (409), anonymous (401); no mail', async () => {
    const member = await t.createMember('user');
    const email = fresh();
    const wrong = await ask(member.cookie, email, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: TEXTS.currentPasswordWrong,
      code: 'current_password_wrong',
      field: 'currentPassword',
    });
    const missing = await t.call('POST', '/api/auth/email', { cookie: member.cookie, body: { email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('currentPassword is missing or not valid');
    const same = await ask(member.cookie, member.email.toUpperCase(), member.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(TEXTS.sameEmail);
    const taken = await ask(member.cookie, ADMIN.email, member.password);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(TEXTS.emailInUse);
    expect((await t.call('POST', '/api/auth/email', { body: { email, currentPassword: 'x' } })).statusCode).toBe(401);
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, email))).toHaveLength(0);
    expect(await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, member.id))).toHaveLength(0);
  });
});

describe('POST /api/auth/email/confirm', () => {
  it('opening the link changes the address (proven), once; the new one signs in, the old one not', async () => {
    const member = await t.createMember('user');
    const email = fresh();
    expect((await ask(member.cookie, email, member.password)).statusCode).toBe(202);
    const token = await linkTokenFor(email);
    // Opened in another browser, signed out: the token is the proof.
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    expect((await t.call('GET', '/api/auth/me', { cookie: member.cookie })).json().email).toBe(email);
    const [user] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(user).toMatchObject({ email, emailVerified: true });
    await expect(t.signIn(email, member.password)).resolves.toBeTruthy();
    await expect(t.signIn(member.email, member.password)).rejects.toThrow();
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: TEXTS.emailChangeLinkInvalid,
      code: 'bad_request',
    });
  });

  it('an expired link is refused and used up; a newer request replaces the older link', async () => {
    const member = await t.createMember('user');
    const first = fresh();
    await ask(member.cookie, first, member.password);
    const firstToken = await linkTokenFor(first);
    const second = fresh();
    await ask(member.cookie, second, member.password);
    const secondToken = await linkTokenFor(second);
    expect((await confirm(firstToken)).statusCode).toBe(400);
    await t.db
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.userId, member.id));
    expect((await confirm(secondToken)).statusCode).toBe(400);
    expect(await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, member.id))).toHaveLength(0);
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it('an address taken between the request and the link answers 409 and changes nothing', async () => {
    const member = await t.createMember('user');
    const email = fresh();
    await ask(member.cookie, email, member.password);
    const token = await linkTokenFor(email);
    const other = await t.createMember('user');
    await t.db.update(users).set({ email }).where(eq(users.id, other.id));
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEXTS.emailInUse);
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it('refuses a made-up, empty or oversized token with 400', async () => {
    for (const token of ['made-up', '', 'x'.repeat(201)]) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });
});

describe('e-mail change links are rate limited per member', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { signUp: 2 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('the third request within 30 minutes is 429 and sends nothing', async () => {
    const member = await limited.createMember('user');
    for (let i = 0; i < 2; i += 1) {
      const res = await limited.call('POST', '/api/auth/email', {
        cookie: member.cookie,
        body: { email: fresh(), currentPassword: member.password },
      });
      expect(res.statusCode).toBe(202);
    }
    const email = fresh();
    const refused = await limited.call('POST', '/api/auth/email', {
      cookie: member.cookie,
      body: { email, currentPassword: member.password },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TEXTS.tooManyRequests);
    expect(await limited.db.select().from(outbox).where(eq(outbox.toAddress, email))).toHaveLength(0);
  });
});

describe('an account that never proved its mailbox never keeps its owner out (ADR 027, 028)', () => {
  /** What anyone can do for any address: sign up without a link (a pending, unproven account). */
  async function squat(email: string) {
    const res = await t.call('POST', '/api/auth/sign-up', { body: { fullName: 'Squatter', email, password: 'squatter-pass' } });
    expect(res.statusCode).toBe(201);
    return { id: res.json().id as string, cookie: sessionCookie(res) };
  }

  it('a member moves onto an address a pending unproven account holds: asked (202), confirmed, the squatter is gone', async () => {
    const member = await t.createMember('user');
    const email = fresh();
    const squatter = await squat(email.toUpperCase());
    const asked = await ask(member.cookie, ` ${email} `, member.password);
    expect(asked.statusCode).toBe(202);
    const done = await confirm(await linkTokenFor(email));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email });
    expect(await emailOf(member.id)).toBe(email);
    expect(await emailOf(squatter.id)).toBeUndefined();
    expect((await t.call('GET', '/api/auth/me', { cookie: squatter.cookie })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/auth/sign-in', { body: { email, password: 'squatter-pass' } })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/auth/sign-in', { body: { email, password: member.password } })).statusCode).toBe(200);
  });

  it('a squatter that appears after the link was sent does not block its confirmation either', async () => {
    const member = await t.createMember('user');
    const email = fresh();
    expect((await ask(member.cookie, email, member.password)).statusCode).toBe(202);
    const squatter = await squat(email);
    expect((await confirm(await linkTokenFor(email))).statusCode).toBe(200);
    expect(await emailOf(member.id)).toBe(email);
    expect(await emailOf(squatter.id)).toBeUndefined();
  });

  it('an account that may keep the address still answers 409: proven, activated, or with content', async () => {
    const member = await t.createMember('user');
    const proven = await t.createMember('pending');
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, proven.id));
    const activated = await squat(fresh());
    await t.db
      .insert(userRoles)
      .values({ userId: activated.id, role: 'user' })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: 'user' } });
    const withContent = await squat(fresh());
    await t.db.insert(tips).values({
      userId: withContent.id,
      title: 'Kept',
      country: 'Portugal',
      city: 'Lisbon',
      description: 'd',
      searchText: 'kept',
    });
    for (const holder of [proven, activated, withContent]) {
      const email = (await emailOf(holder.id))!;
      const res = await ask(member.cookie, email, member.password);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(TEXTS.emailInUse);
      expect(await emailOf(holder.id)).toBe(email);
    }
  });
});

describe('a password change ends an asked-for e-mail change', () => {
  it('the link mailed before the password changed answers 400 and changes nothing', async () => {
    const member = await t.createMember('user');
    const email = fresh();
    expect((await ask(member.cookie, email, member.password)).statusCode).toBe(202);
    const token = await linkTokenFor(email);
    const changed = await t.call('POST', '/api/auth/password', {
      cookie: member.cookie,
      body: { currentPassword: member.password, newPassword: 'a-new-password-1' },
    });
    expect(changed.statusCode).toBe(204);
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXTS.emailChangeLinkInvalid);
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it('a wrong current password leaves the asked-for change alone', async () => {
    const member = await t.createMember('user');
    const email = fresh();
    expect((await ask(member.cookie, email, member.password)).statusCode).toBe(202);
    const token = await linkTokenFor(email);
    const wrong = await t.call('POST', '/api/auth/password', {
      cookie: member.cookie,
      body: { currentPassword: 'not-the-password', newPassword: 'a-new-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await emailOf(member.id)).toBe(email);
  });
});
