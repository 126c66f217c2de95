/**
 * Issue 19, items 1 and 2: nobody can make an invitee's valid signup link fail. A handle can't be
 * an e-mail address, a sign-up never takes a handle from the e-mail, and an account that never
 * proved its mailbox is taken over by the owner's signup link (ADRs 026, 027).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_TEXTS } from '@common/username';
import { TEXTS } from '@common/texts';
import { emailChangeTokens, invitationRequests, outbox, profiles, users } from '@db/schema';
import { type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const ABOUT = 'I travel slowly through mountain villages and write down every good bakery.';

/** An approved invitation for a fresh address: its e-mail, name and the token of its signup link. */
async function approvedInvitee(fullName = 'Ines Invitee') {
  seq += 1;
  const email = `ines.${seq}.${Date.now()}@example.com`;
  const asked = await t.call('POST', '/api/invitations', {
    body: { fullName, email, country: 'Peru', howDidYouKnow: 'friend_family', aboutYourself: ABOUT },
  });
  expect(asked.statusCode).toBe(201);
  const [row] = await t.db
    .select({ id: invitationRequests.id })
    .from(invitationRequests)
    .where(eq(invitationRequests.email, email));
  expect((await t.call('POST', `/api/admin/invitations/${row!.id}/approve`, { cookie: admin })).statusCode).toBe(200);
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(desc(outbox.createdAt)).limit(1);
  const token = new URL(mail!.bodyText.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
  return { email, fullName, token };
}

const signUp = (body: object) => t.call('POST', '/api/auth/sign-up', { body });

describe('item 1: a handle is never an e-mail address', () => {
  it("a member can't take an invitee's address as username, in any case or shape (400, nothing saved)", async () => {
    const member = await t.createMember('user', 'Mallory Member');
    const invitee = await approvedInvitee();
    for (const username of [invitee.email, invitee.email.toUpperCase(), `x@${invitee.email.split('@')[1]}`, '@ines']) {
      const res = await t.call('PATCH', '/api/profiles/me', { cookie: member.cookie, body: { name: 'Mallory', username } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: USERNAME_TEXTS.noAt,
        code: 'invalid_field',
        field: 'username',
      });
    }
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, member.id));
    expect(profile?.username).not.toContain('@');
    const res = await signUp({
      fullName: invitee.fullName,
      email: invitee.email,
      password: 'invitee-pass-1',
      token: invitee.token,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: invitee.email, role: 'user' });
  });

  it("the invitee's link works when the handle their name makes is taken, even by an old e-mail-shaped one", async () => {
    const invitee = await approvedInvitee('Henry Handle');
    const squatters = [await t.createMember('user', 'S1'), await t.createMember('user', 'S2')];
    // Written straight to the database, as handles were before migration 0013.
    await t.db.update(profiles).set({ username: 'HENRY-HANDLE' }).where(eq(profiles.userId, squatters[0]!.id));
    await t.db.update(profiles).set({ username: invitee.email }).where(eq(profiles.userId, squatters[1]!.id));
    const res = await signUp({
      fullName: invitee.fullName,
      email: invitee.email,
      password: 'invitee-pass-1',
      token: invitee.token,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toBe('henry-handle-2');
  });

  it('a handle another member has, in another case, is 409 with the field named', async () => {
    const first = await t.createMember('user', 'Case One');
    const second = await t.createMember('user', 'Case Two');
    await t.db.update(profiles).set({ username: 'taken-handle' }).where(eq(profiles.userId, first.id));
    const res = await t.call('PATCH', '/api/profiles/me', {
      cookie: second.cookie,
      body: { name: 'Case Two', username: 'Taken-HANDLE' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: USERNAME_TEXTS.taken,
      code: 'username_taken',
      field: 'username',
    });
  });
});

describe('item 2: an unproven account never blocks the owner of the mailbox', () => {
  it('e-mail change no longer moves an account onto the address at once', async () => {
    // An active member: a pending account may not ask for e-mail changes at all (issue 36).
    const squatter = await t.createMember('user', 'Sam Squatter');
    const invitee = await approvedInvitee();
    const res = await t.call('POST', '/api/auth/email', {
      cookie: squatter.cookie,
      body: { email: invitee.email, currentPassword: squatter.password },
    });
    expect(res.statusCode).toBe(202);
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, squatter.id));
    expect(row?.email).toBe(squatter.email);
    const signedUp = await signUp({
      fullName: invitee.fullName,
      email: invitee.email,
      password: 'invitee-pass-1',
      token: invitee.token,
    });
    expect(signedUp.statusCode).toBe(201);
    // The squatter's link (mailed to the invitee's address) can no longer move onto it.
    const [change] = await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, squatter.id));
    expect(change).toBeDefined();
  });

  it("the signup link takes over an account made without a link for the invitee's address", async () => {
    const invitee = await approvedInvitee('Ivy Owner');
    // Someone else signs up first, with the invitee's address and their own password.
    const squat = await signUp({ fullName: 'Sam Squatter', email: invitee.email.toUpperCase(), password: 'squatter-pass-1' });
    expect(squat.statusCode).toBe(201);
    expect(squat.json().role).toBe('pending');
    const squatterCookie = sessionCookie(squat);
    const squatterId = squat.json().id;
    // A pending account may not ask to move the account elsewhere (issue 36: 403); one asked for
    // before that rule (written straight to the database) must end with the claim too.
    expect(
      (
        await t.call('POST', '/api/auth/email', {
          cookie: squatterCookie,
          body: { email: `elsewhere.${seq}@example.com`, currentPassword: 'squatter-pass-1' },
        })
      ).statusCode,
    ).toBe(403);
    await t.db.insert(emailChangeTokens).values({
      userId: squatterId,
      newEmail: `elsewhere.${seq}@example.com`,
      tokenHash: `made-up-hash-${seq}`,
      expiresAt: new Date(Date.now() + 60_000),
    });

    const res = await signUp({
      fullName: invitee.fullName,
      email: invitee.email,
      password: 'invitee-pass-1',
      token: invitee.token,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: squatterId, role: 'user', name: 'Ivy Owner' });
    expect(res.json().username).toMatch(/^ivy-owner(-\d+)?$/);
    const inviteeCookie = sessionCookie(res);
    expect((await t.call('GET', '/api/auth/me', { cookie: inviteeCookie })).json().role).toBe('user');
    // The squatter is out: session ended, old password refused, pending e-mail change gone.
    expect((await t.call('GET', '/api/auth/me', { cookie: squatterCookie })).statusCode).toBe(401);
    await expect(t.signIn(invitee.email, 'squatter-pass-1')).rejects.toThrow();
    await expect(t.signIn(invitee.email, 'invitee-pass-1')).resolves.toBeTruthy();
    expect(await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, squatterId))).toHaveLength(0);
    const [user] = await t.db.select().from(users).where(eq(users.id, squatterId));
    expect(user).toMatchObject({ emailVerified: true, name: 'Ivy Owner' });
    // The link was single-use, and the now-proven account is never taken over again.
    const again = await signUp({
      fullName: 'Sam Squatter',
      email: invitee.email,
      password: 'squatter-pass-2',
      token: invitee.token,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TEXTS.invalidSignupToken);
    const plain = await signUp({ fullName: 'Sam Squatter', email: invitee.email, password: 'invitee-pass-1' });
    expect(plain.statusCode).toBe(409);
    expect(plain.cookies.filter((c) => c.value)).toHaveLength(0);
  });

  it('an account an admin let in without a link is still taken over; its admin role is kept', async () => {
    const invitee = await approvedInvitee('Ana Activated');
    const squat = await signUp({ fullName: 'Sam Squatter', email: invitee.email, password: 'squatter-pass-1' });
    const squatterId = squat.json().id;
    const promoted = await t.call('PATCH', `/api/admin/users/${squatterId}/role`, { cookie: admin, body: { role: 'user' } });
    expect(promoted.statusCode).toBe(200);
    const res = await signUp({
      fullName: invitee.fullName,
      email: invitee.email,
      password: 'invitee-pass-1',
      token: invitee.token,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: squatterId, role: 'user' });
  });

  it('a proven account is never taken over by a signup link (409, password unchanged)', async () => {
    const invitee = await approvedInvitee('Pia Proven');
    expect(
      (await signUp({ fullName: invitee.fullName, email: invitee.email, password: 'invitee-pass-1', token: invitee.token }))
        .statusCode,
    ).toBe(201);
    // A second approval for the same address (the request deleted, a new one approved).
    await t.db.delete(invitationRequests).where(eq(invitationRequests.email, invitee.email));
    const asked = await t.call('POST', '/api/invitations', {
      body: {
        fullName: 'Pia Again',
        email: invitee.email,
        country: 'Peru',
        howDidYouKnow: 'friend_family',
        aboutYourself: ABOUT,
      },
    });
    expect(asked.statusCode).toBe(201);
    const [row] = await t.db
      .select({ id: invitationRequests.id })
      .from(invitationRequests)
      .where(eq(invitationRequests.email, invitee.email));
    expect((await t.call('POST', `/api/admin/invitations/${row!.id}/approve`, { cookie: admin })).statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, invitee.email))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const token = new URL(mail!.bodyText.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const res = await signUp({ fullName: 'Pia Again', email: invitee.email, password: 'other-pass-1', token });
    expect(res.statusCode).toBe(409);
    expect(res.cookies.filter((c) => c.value)).toHaveLength(0);
    await expect(t.signIn(invitee.email, 'invitee-pass-1')).resolves.toBeTruthy();
  });
});

describe('item 2: invitation requests made by someone else', () => {
  const body = (email: string, fullName: string) => ({
    fullName,
    email,
    country: 'Peru',
    howDidYouKnow: 'friend_family',
    aboutYourself: ABOUT,
  });
  const age = (email: string, days: number) =>
    t.db
      .update(invitationRequests)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(invitationRequests.email, email));

  it('a pending or rejected request younger than 7 days stands (409); an older one is replaced', async () => {
    for (const decided of ['pending', 'rejected'] as const) {
      const email = `owner.${decided}.${Date.now()}@example.com`;
      expect((await t.call('POST', '/api/invitations', { body: body(email, 'Someone Else') })).statusCode).toBe(201);
      const [first] = await t.db.select().from(invitationRequests).where(eq(invitationRequests.email, email));
      if (decided === 'rejected')
        expect((await t.call('POST', `/api/admin/invitations/${first!.id}/reject`, { cookie: admin })).statusCode).toBe(200);
      const early = await t.call('POST', '/api/invitations', { body: body(email.toUpperCase(), 'The Owner') });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(TEXTS.invitationDuplicate);
      await age(email, 8);
      const later = await t.call('POST', '/api/invitations', { body: body(email, 'The Owner') });
      expect(later.statusCode).toBe(201);
      const rows = await t.db.select().from(invitationRequests).where(eq(invitationRequests.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first!.id, fullName: 'The Owner', status: 'pending', approvedBy: null });
      expect(Date.now() - rows[0]!.createdAt.getTime()).toBeLessThan(60_000);
    }
  });

  it('an approved request is never replaced, however old', async () => {
    const invitee = await approvedInvitee();
    await age(invitee.email, 30);
    const res = await t.call('POST', '/api/invitations', { body: body(invitee.email, 'Someone Else') });
    expect(res.statusCode).toBe(409);
    const [row] = await t.db
      .select()
      .from(invitationRequests)
      .where(and(eq(invitationRequests.email, invitee.email)));
    expect(row).toMatchObject({ status: 'approved', fullName: invitee.fullName });
  });
});

describe('the same signup link sent twice at once (truly concurrent on PostgreSQL)', () => {
  it('one request wins with a working account; the other is refused; nothing half-made', async () => {
    for (let round = 0; round < 4; round += 1) {
      const invitee = await approvedInvitee('Racy Invitee');
      const body = { fullName: invitee.fullName, email: invitee.email, password: 'invitee-pass-1', token: invitee.token };
      const results = await Promise.all([signUp(body), signUp(body)]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(201);
      expect([201, 400, 409]).toContain(statuses[1]);
      const rows = await t.db.select().from(users).where(eq(users.email, invitee.email));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.emailVerified).toBe(true);
      // The last 201's session works and the account is an active member.
      const winner = results.filter((r) => r.statusCode === 201).at(-1)!;
      const me = await t.call('GET', '/api/auth/me', { cookie: sessionCookie(winner) });
      expect(me.json()).toMatchObject({ email: invitee.email, role: 'user' });
    }
  });
});
