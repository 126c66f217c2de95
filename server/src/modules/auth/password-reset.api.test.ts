/**
 * Issue 24, forgotten passwords (ADR 073): one answer (in similar time) for every address, a
 * hashed single-use link of one hour, and a reset that ends every session and says so by e-mail.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { emailChangeTokens, outbox, passwordResetTokens, sessions } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { hashToken, newSignupToken } from '../invitations/signup-token';
import { PASSWORD_RESET_LIFETIME_MS } from './password-reset.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const askFor = (email: string, app: TestApp = t) => app.call('POST', '/api/auth/password-reset/request', { body: { email } });
const resetWith = (token: string, newPassword = 'brand-new-password-7') =>
  t.call('POST', '/api/auth/password-reset', { body: { token, newPassword } });
const me = (cookie: string) => t.call('GET', '/api/auth/me', { cookie });

async function mailsTo(email: string) {
  await t.app.passwordResetsSettled();
  return t.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(desc(outbox.createdAt));
}

/** Asks for a link and reads it from the outbox, as the member would from their mailbox. */
async function resetLinkOf(member: Member): Promise<URL> {
  expect((await askFor(member.email)).statusCode).toBe(202);
  const [mail] = (await mailsTo(member.email)).filter((m) => m.subject === 'Set a new Waymark password');
  const href = /href="([^"]+)"/.exec(mail?.bodyHtml ?? '')?.[1]?.replaceAll('&#38;', '&');
  if (!href) throw new Error('no reset link mailed');
  return new URL(href);
}

async function tokenOf(member: Member): Promise<string> {
  return (await resetLinkOf(member)).searchParams.get('token') ?? '';
}

describe('asking for a link', () => {
  it('mails a single-use link to the account, storing only the hash of its 256-bit token', async () => {
    const member = await t.createMember();
    const link = await resetLinkOf(member);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/reset-password`);
    expect(link.searchParams.get('email')).toBe(member.email);
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    const lifetime = rows[0]!.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(PASSWORD_RESET_LIFETIME_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(PASSWORD_RESET_LIFETIME_MS);
  });

  it('answers an unknown address with the same words and mails nobody', async () => {
    const member = await t.createMember();
    const known = await askFor(member.email.toUpperCase());
    const unknown = await askFor(`nobody-${Date.now()}@example.com`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ message: TEXTS.passwordResetRequested });
    expect(await mailsTo(`nobody-${Date.now()}@example.com`)).toEqual([]);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('answers a known and an unknown address in similar time', async () => {
    const member = await t.createMember();
    const attempt = async (email: string) => {
      const startedAt = performance.now();
      const res = await askFor(email);
      const ms = performance.now() - startedAt;
      // The previous link's work must not land inside the next measurement.
      await t.app.passwordResetsSettled();
      return { ms, status: res.statusCode, body: res.body };
    };
    const unknown: number[] = [];
    const known: number[] = [];
    // Each address asked for as often: a first ask also makes the address's rate-limit counter.
    // In turns, each going first half the time, so a busy moment of the machine hits both alike.
    for (let i = 0; i < 20; i += 1) {
      let a, b;
      if (i % 2 === 0) {
        a = await attempt('nobody-timing@example.com');
        b = await attempt(member.email);
      } else {
        b = await attempt(member.email);
        a = await attempt('nobody-timing@example.com');
      }
      expect(b).toMatchObject({ status: a.status, body: a.body });
      if (i >= 2) {
        unknown.push(a.ms);
        known.push(b.ms);
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    // Neither answer waits for the lookup, the token or the e-mail: those run after it.
    const ratio = median(unknown) / median(known);
    console.log(`password reset request: unknown ${median(unknown).toFixed(2)} ms, known ${median(known).toFixed(2)} ms`);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('refuses a malformed address next to its field', async () => {
    const res = await askFor('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('valid email');
  });
});

describe('rate limits', () => {
  it('limit links per IP and per address (any case), alike for known and unknown ones', async () => {
    const limited = await createTestApp({ rateLimits: { passwordReset: 3, passwordResetAccount: 1 } });
    try {
      const member = await limited.createMember();
      const from = (ip: string, email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset/request',
          headers: { 'x-waymark-csrf': '1' },
          remoteAddress: ip,
          payload: { email },
        });
      expect((await from('10.0.0.1', member.email)).statusCode).toBe(202);
      // The same address again, from another IP and in capitals: the account's budget is spent.
      const again = await from('10.0.0.2', member.email.toUpperCase());
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toBe(TEXTS.tooManyRequests);
      expect((await from('10.0.0.3', 'nobody-limited@example.com')).statusCode).toBe(202);
      expect((await from('10.0.0.4', 'nobody-limited@example.com')).statusCode).toBe(429);
      // Per IP: three asks, whatever the addresses.
      for (const n of [1, 2, 3]) expect((await from('10.0.0.9', `n${n}@example.com`)).statusCode).toBe(202);
      expect((await from('10.0.0.9', 'n4@example.com')).statusCode).toBe(429);
      await limited.app.passwordResetsSettled();
      expect(await limited.db.select().from(outbox).where(eq(outbox.toAddress, member.email))).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('setting a new password with the link', () => {
  it('changes the password, ends every session and mails the owner; it does not sign in', async () => {
    const member = await t.createMember();
    const secondDevice = await t.signIn(member.email, member.password);
    const token = await tokenOf(member);
    const otherToken = await tokenOf(member);
    await t.call('POST', '/api/auth/email', {
      cookie: member.cookie,
      body: { email: `moved-${Date.now()}@example.com`, currentPassword: member.password },
    });

    const res = await resetWith(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: member.email });
    expect(res.headers['set-cookie']).toBeUndefined();

    expect((await me(member.cookie)).statusCode).toBe(401);
    expect((await me(secondDevice)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id))).toEqual([]);
    expect(await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, member.id))).toEqual([]);
    // The other link went with the password.
    expect((await resetWith(otherToken)).statusCode).toBe(400);

    await expect(t.signIn(member.email, member.password)).rejects.toThrow('401');
    expect((await me(await t.signIn(member.email, 'brand-new-password-7'))).statusCode).toBe(200);
    const [notice] = (await mailsTo(member.email)).filter((m) => m.subject === 'Your Waymark password was changed');
    expect(notice?.bodyText).toContain(`${t.config.publicUrl}/forgot-password`);
  });

  it('works once: the same link again is refused with a clear message', async () => {
    const member = await t.createMember();
    const token = await tokenOf(member);
    expect((await resetWith(token)).statusCode).toBe(200);
    const again = await resetWith(token, 'yet-another-password-8');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TEXTS.passwordResetLinkInvalid);
    expect((await me(await t.signIn(member.email, 'brand-new-password-7'))).statusCode).toBe(200);
  });

  it('refuses an expired link, and uses it up', async () => {
    const member = await t.createMember();
    const { token, tokenHash } = newSignupToken();
    await t.db.insert(passwordResetTokens).values({ userId: member.id, tokenHash, expiresAt: new Date(Date.now() - 1000) });
    const res = await resetWith(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TEXTS.passwordResetLinkInvalid);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash))).toEqual([]);
    expect((await me(member.cookie)).statusCode).toBe(200);
  });

  it('refuses a tampered or made-up token, and the stored hash itself', async () => {
    const member = await t.createMember();
    const token = await tokenOf(member);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, `${token}x`, 'made-up', hashToken(token), ' ']) {
      const res = await resetWith(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(TEXTS.passwordResetLinkInvalid);
    }
    // None of them used the real link up.
    expect((await resetWith(token)).statusCode).toBe(200);
  });

  it("refuses a new password that breaks sign-up's rules, keeping the link", async () => {
    const member = await t.createMember();
    const token = await tokenOf(member);
    const short = await resetWith(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(TEXTS.newPasswordTooShort);
    expect((await resetWith(token, 'x'.repeat(129))).statusCode).toBe(400);
    expect((await t.call('POST', '/api/auth/password-reset', { body: { token } })).statusCode).toBe(400);
    expect((await me(member.cookie)).statusCode).toBe(200);
    expect((await resetWith(token)).statusCode).toBe(200);
  });

  it('one link used twice at once works once', async () => {
    const member = await t.createMember();
    const token = await tokenOf(member);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => resetWith(token, `racing-password-${i}`)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect((await me(await t.signIn(member.email, `racing-password-${winner}`))).statusCode).toBe(200);
  });
});

describe('every other way the password or address changes ends the links too', () => {
  it("the profile's password change, which also mails the owner", async () => {
    const member = await t.createMember();
    await tokenOf(member);
    const res = await t.call('POST', '/api/auth/password', {
      cookie: member.cookie,
      body: { currentPassword: member.password, newPassword: 'changed-on-profile-3' },
    });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id))).toEqual([]);
    const notices = (await mailsTo(member.email)).filter((m) => m.subject === 'Your Waymark password was changed');
    expect(notices).toHaveLength(1);
  });

  it('a confirmed e-mail change', async () => {
    const member = await t.createMember();
    const token = await tokenOf(member);
    const newEmail = `changed-${Date.now()}@example.com`;
    await t.call('POST', '/api/auth/email', {
      cookie: member.cookie,
      body: { email: newEmail, currentPassword: member.password },
    });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, newEmail)));
    const confirmToken = new URL(/href="([^"]+)"/.exec(mail!.bodyHtml!)![1]!).searchParams.get('token')!;
    expect((await t.call('POST', '/api/auth/email/confirm', { body: { token: confirmToken } })).statusCode).toBe(200);
    expect((await resetWith(token)).statusCode).toBe(400);
  });
});
