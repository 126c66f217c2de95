/**
 * Issue 36 item 14, ADR 108: ending sessions ends the e-mail changes asked for, and the address
 * being left is told when a change is asked for and when it happens, with a single-use, expiring
 * undo link that restores it, ends every session and cancels every pending change.
 */
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_UNDO_TEXTS } from '@common/schemas/auth';
import { emailChangeTokens, emailChangeUndoTokens, outbox, passwordResetTokens, users } from '@db/schema';
import { PUBLIC_URL, type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAdmin();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['createMember']>>;
let seq = 0;
const fresh = () => `attacker.${(seq += 1)}.${Date.now()}@example.com`;
const ask = (cookie: string, email: string, currentPassword: string) =>
  t.call('POST', '/api/auth/email', { cookie, body: { email, currentPassword } });
const confirm = (token: string) => t.call('POST', '/api/auth/email/confirm', { body: { token } });
const undo = (token: string) => t.call('POST', '/api/auth/email/undo', { body: { token } });
const me = (cookie: string) => t.call('GET', '/api/auth/me', { cookie });
const emailOf = async (id: string) => (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
const pendingOf = (id: string) => t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, id));

/** The token of the newest link to `path` mailed to `to` whose subject contains `subject`. */
async function tokenIn(to: string, subject: string, path: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), like(outbox.subject, `%${subject}%`)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no "${subject}" mail to ${to}`);
  const url = new URL(mail.bodyText.match(/https?:\/\/\S+/)![0]);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}${path}`);
  return url.searchParams.get('token')!;
}
const undoTokenIn = (to: string, subject: string) => tokenIn(to, subject, '/undo-email-change');
const confirmTokenIn = (to: string) => tokenIn(to, 'Confirm your new', '/confirm-email');

/** The attack of the issue: a second session that knows the password asks to move the account. */
async function attackerAsks(victim: Member) {
  const attacker = await t.signIn(victim.email, victim.password);
  const target = fresh();
  expect((await ask(attacker, target, victim.password)).statusCode).toBe(202);
  return { attacker, target };
}

describe('ending sessions ends the e-mail changes asked for', () => {
  it('"sign out everywhere else": the pending change is gone, its link is dead', async () => {
    const victim = await t.createMember('user');
    const { target } = await attackerAsks(victim);
    const res = await t.call('POST', '/api/auth/sessions/sign-out-others', { cookie: victim.cookie });
    expect(res.json()).toEqual({ ended: 1 });
    expect(await pendingOf(victim.id)).toHaveLength(0);
    expect((await confirm(await confirmTokenIn(target))).statusCode).toBe(400);
    expect(await emailOf(victim.id)).toBe(victim.email);
  });

  it('ending the one session that asked', async () => {
    const victim = await t.createMember('user');
    await attackerAsks(victim);
    const list = await t.call('GET', '/api/auth/sessions', { cookie: victim.cookie });
    const other = list.json<{ items: { id: string; isCurrent: boolean }[] }>().items.find((s) => !s.isCurrent)!;
    expect((await t.call('DELETE', `/api/auth/sessions/${other.id}`, { cookie: victim.cookie })).statusCode).toBe(204);
    expect(await pendingOf(victim.id)).toHaveLength(0);
  });

  it('a suspension', async () => {
    const victim = await t.createMember('user');
    await attackerAsks(victim);
    const res = await t.call('POST', '/api/admin/moderation', {
      cookie: adminCookie,
      body: { action: 'suspend', target: 'member', targetId: victim.id, until: null, reason: 'spam' },
    });
    expect(res.statusCode).toBe(200);
    expect(await pendingOf(victim.id)).toHaveLength(0);
  });
});

describe('the old address is told, and can undo', () => {
  it('is mailed when a change is asked for; undoing then cancels it and ends every session', async () => {
    const victim = await t.createMember('user');
    const { attacker, target } = await attackerAsks(victim);
    const token = await undoTokenIn(victim.email, 'was asked for');
    const res = await undo(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: victim.email });
    expect(await pendingOf(victim.id)).toHaveLength(0);
    expect((await confirm(await confirmTokenIn(target))).statusCode).toBe(400);
    expect((await me(attacker)).statusCode).toBe(401);
    expect((await me(victim.cookie)).statusCode).toBe(401);
    expect((await undo(token)).statusCode).toBe(400);
  });

  it('is mailed when the change happens; undoing restores the address, ends sessions, reset links and later changes', async () => {
    const victim = await t.createMember('user');
    const { attacker, target } = await attackerAsks(victim);
    expect((await confirm(await confirmTokenIn(target))).statusCode).toBe(200);
    expect(await emailOf(victim.id)).toBe(target);
    const token = await undoTokenIn(victim.email, 'was changed');
    // The attacker, now holding the account's address, asks for a reset link and a further change.
    await t.call('POST', '/api/auth/password-reset/request', { body: { email: target } });
    const further = fresh();
    expect((await ask(attacker, further, victim.password)).statusCode).toBe(202);
    const res = await undo(token);
    expect(res.statusCode).toBe(200);
    expect(await emailOf(victim.id)).toBe(victim.email);
    expect((await me(attacker)).statusCode).toBe(401);
    expect(await pendingOf(victim.id)).toHaveLength(0);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, victim.id))).toHaveLength(0);
    expect(await t.db.select().from(emailChangeUndoTokens).where(eq(emailChangeUndoTokens.userId, victim.id))).toHaveLength(0);
    expect((await confirm(await confirmTokenIn(further))).statusCode).toBe(400);
    // The owner signs in with the restored address.
    await expect(t.signIn(victim.email, victim.password)).resolves.toBeTruthy();
  });

  it('refuses a made-up, used or expired link with a clear 400', async () => {
    const victim = await t.createMember('user');
    await attackerAsks(victim);
    const token = await undoTokenIn(victim.email, 'was asked for');
    await t.db
      .update(emailChangeUndoTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeUndoTokens.userId, victim.id));
    for (const bad of [token, 'made-up-token']) {
      const res = await undo(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(EMAIL_UNDO_TEXTS.linkInvalid);
    }
    expect(await pendingOf(victim.id)).toHaveLength(1);
  });
});
