import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import { outbox, pendingActivations, signupTokens, systemMessages, userRoles, users } from '@db/schema';
import { ADMIN, type TestApp, createTestApp } from '@server-test/test-app';
import type { Mailer } from '../mail/mailer';

const APPROVAL_SUBJECT = 'Your Waymark invitation has been approved';
const ABOUT = 'I travel slowly through mountain villages and write down every good bakery.';
let seq = 0;

type Member = Awaited<ReturnType<TestApp['createMember']>>;

async function adminUserId(t: TestApp): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  if (!row) throw new Error('admin missing');
  return row.id;
}

/** Submits and approves an invitation request; returns its e-mail and pending activation id. */
async function approvedActivation(t: TestApp, admin: string) {
  seq += 1;
  const email = `invitee.${seq}.${Date.now()}@example.com`;
  const body = { fullName: `Invitee ${seq}`, email, country: 'Peru', howDidYouKnow: 'friend_family', aboutYourself: ABOUT };
  expect((await t.call('POST', '/api/invitations', { body })).statusCode).toBe(201);
  const list = await t.call('GET', '/api/admin/invitations?limit=100', { cookie: admin });
  const inv = list.json<{ items: { id: string; email: string }[] }>().items.find((i) => i.email === email)!;
  expect((await t.call('POST', `/api/admin/invitations/${inv.id}/approve`, { cookie: admin })).statusCode).toBe(200);
  const [activation] = await t.db.select().from(pendingActivations).where(eq(pendingActivations.email, email));
  return { email, fullName: body.fullName, invitationId: inv.id, activationId: activation!.id };
}

async function latestToken(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.subject, APPROVAL_SUBJECT)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
  const link = mail?.bodyText.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no approval link');
  return new URL(link).searchParams.get('token')!;
}

describe('admin panel API', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let member: Member;
  let pending: Member;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAdmin();
    adminId = await adminUserId(t);
    member = await t.createMember('user', 'Mia Member');
    pending = await t.createMember('pending', 'Pat Pending');
  });
  afterAll(async () => {
    await t.close();
  });

  const id = randomUUID();
  const routes: [Parameters<TestApp['call']>[0], string, unknown?][] = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['PATCH', `/api/admin/users/${id}/role`, { role: 'user' }],
    ['DELETE', `/api/admin/users/${id}`],
    ['GET', '/api/admin/pending-activations'],
    ['POST', `/api/admin/pending-activations/${id}/resend`],
    ['DELETE', `/api/admin/pending-activations/${id}`],
    ['DELETE', `/api/admin/invitations/${id}`],
    ['GET', '/api/admin/system-messages'],
    ['POST', '/api/admin/system-messages', { title: 'T', content: 'C' }],
    ['PUT', `/api/admin/system-messages/${id}`, { title: 'T', content: 'C' }],
    ['PATCH', `/api/admin/system-messages/${id}/active`, { isActive: false }],
    ['POST', '/api/admin/tip-types', { name: 'Nope' }],
    ['PUT', `/api/admin/tip-types/${id}`, { name: 'Nope' }],
  ];

  it.each(routes)('%s %s: 401 anonymous, 403 member, 403 pending', async (method, url, body) => {
    expect((await t.call(method, url, { body })).statusCode).toBe(401);
    expect((await t.call(method, url, { body, cookie: member.cookie })).statusCode).toBe(403);
    expect((await t.call(method, url, { body, cookie: pending.cookie })).statusCode).toBe(403);
  });

  it.each(routes.filter(([, url]) => url.includes(id)))('%s %s: 404 for an unknown id', async (method, url, body) => {
    const res = await t.call(method, url, { body, cookie: admin });
    expect(res.statusCode).toBe(404);
  });

  it('refuses invalid input (400)', async () => {
    const bad: [Parameters<TestApp['call']>[0], string, unknown?][] = [
      ['GET', '/api/admin/users?limit=0'],
      ['GET', '/api/admin/users?cursor=garbage'],
      ['PATCH', `/api/admin/users/not-a-uuid/role`, { role: 'user' }],
      ['PATCH', `/api/admin/users/${member.id}/role`, { role: 'superuser' }],
      ['DELETE', '/api/admin/users/not-a-uuid'],
      ['POST', '/api/admin/pending-activations/not-a-uuid/resend'],
      ['DELETE', '/api/admin/invitations/not-a-uuid'],
      ['POST', '/api/admin/system-messages', { title: '  ', content: 'C' }],
      ['POST', '/api/admin/system-messages', { title: 'T', content: '' }],
      ['PATCH', `/api/admin/system-messages/${id}/active`, { isActive: 'yes' }],
      ['POST', '/api/admin/tip-types', { name: ' ' }],
      ['POST', '/api/admin/tip-types', { name: 'x'.repeat(61) }],
      ['PUT', `/api/admin/tip-types/${id}`, {}],
    ];
    for (const [method, url, body] of bad) {
      const res = await t.call(method, url, { body, cookie: admin });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
    }
  });

  it('GET /stats counts users, pending, requests, tips and guides', async () => {
    const before = (await t.call('GET', '/api/admin/stats', { cookie: admin })).json();
    expect(before).toEqual({
      totalUsers: expect.any(Number),
      pendingUsers: expect.any(Number),
      invitationRequests: expect.any(Number),
      totalTips: 0,
      totalGuides: 0,
    });
    // admin + member + pending have profiles; pending role is one pending user.
    expect(before.totalUsers).toBeGreaterThanOrEqual(3);
    await t.createMember('pending');
    await t.createMember('user');
    await approvedActivation(t, admin); // +1 request, +1 activation
    seq += 1;
    const body = {
      fullName: 'Only Asking',
      email: `asker.${seq}@example.com`,
      country: 'Chad',
      howDidYouKnow: 'other',
      aboutYourself: ABOUT,
    };
    expect((await t.call('POST', '/api/invitations', { body })).statusCode).toBe(201);
    const after = (await t.call('GET', '/api/admin/stats', { cookie: admin })).json();
    expect(after).toEqual({
      totalUsers: before.totalUsers + 2,
      pendingUsers: before.pendingUsers + 2,
      invitationRequests: before.invitationRequests + 2,
      totalTips: 0,
      totalGuides: 0,
    });
  });

  it('GET /users: newest first with profile and role, keyset pages, users without a profile left out', async () => {
    const noProfile = `ghost.${Date.now()}@example.com`;
    await t.db.insert(users).values({ name: 'Ghost', email: noProfile });
    const res = await t.call('GET', '/api/admin/users?limit=100', { cookie: admin });
    expect(res.statusCode).toBe(200);
    const { items, nextCursor } = res.json<{
      items: { userId: string; email: string; role: string; createdAt: string }[];
      nextCursor: null;
    }>();
    expect(nextCursor).toBeNull();
    expect(items.some((u) => u.email === noProfile)).toBe(false);
    expect(items.find((u) => u.userId === member.id)).toMatchObject({ email: member.email, role: 'user', name: 'Mia Member' });
    expect(items.find((u) => u.userId === pending.id)?.role).toBe('pending');
    expect(items.find((u) => u.userId === adminId)?.role).toBe('admin');
    const times = items.map((u) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await t.call('GET', `/api/admin/users?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { cookie: admin });
      const json = page.json<{ items: { userId: string }[]; nextCursor: string | null }>();
      seen.push(...json.items.map((u) => u.userId));
      cursor = json.nextCursor;
    } while (cursor);
    expect(seen).toEqual(items.map((u) => u.userId));
  });

  describe('roles and the last admin', () => {
    it('refuses to demote or delete the only admin (409), changing nothing', async () => {
      for (const role of ['user', 'pending'] as const) {
        const res = await t.call('PATCH', `/api/admin/users/${adminId}/role`, { cookie: admin, body: { role } });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(ADMIN_TEXTS.lastAdmin);
      }
      const del = await t.call('DELETE', `/api/admin/users/${adminId}`, { cookie: admin });
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe(ADMIN_TEXTS.lastAdmin);
      const [role] = await t.db.select().from(userRoles).where(eq(userRoles.userId, adminId));
      expect(role?.role).toBe('admin');
      expect((await t.call('GET', '/api/admin/stats', { cookie: admin })).statusCode).toBe(200);
    });

    it('promotes a member (admin routes at once), and a demoted admin loses them at once', async () => {
      const m = await t.createMember('user', 'Promo Ted');
      const promoted = await t.call('PATCH', `/api/admin/users/${m.id}/role`, { cookie: admin, body: { role: 'admin' } });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json()).toMatchObject({ userId: m.id, role: 'admin', email: m.email, name: 'Promo Ted' });
      expect((await t.call('GET', '/api/admin/stats', { cookie: m.cookie })).statusCode).toBe(200);

      // With two admins the demotion is allowed; the same session is refused on its next request.
      const demoted = await t.call('PATCH', `/api/admin/users/${m.id}/role`, { cookie: admin, body: { role: 'user' } });
      expect(demoted.statusCode).toBe(200);
      expect(demoted.json().role).toBe('user');
      expect((await t.call('GET', '/api/admin/stats', { cookie: m.cookie })).statusCode).toBe(403);
      expect((await t.call('GET', '/api/tip-types', { cookie: m.cookie })).statusCode).toBe(200);
    });

    it('a member set to pending gets 403 on member routes at once; back to user restores them', async () => {
      const m = await t.createMember('user');
      expect((await t.call('GET', '/api/tip-types', { cookie: m.cookie })).statusCode).toBe(200);
      const res = await t.call('PATCH', `/api/admin/users/${m.id}/role`, { cookie: admin, body: { role: 'pending' } });
      expect(res.statusCode).toBe(200);
      expect((await t.call('GET', '/api/tip-types', { cookie: m.cookie })).statusCode).toBe(403);
      await t.call('PATCH', `/api/admin/users/${m.id}/role`, { cookie: admin, body: { role: 'user' } });
      expect((await t.call('GET', '/api/tip-types', { cookie: m.cookie })).statusCode).toBe(200);
    });

    it('a second admin may demote the first; then the remaining one is the last', async () => {
      const m = await t.createMember('admin');
      // The new admin demotes the bootstrap admin, is then the last admin itself, and restores them.
      expect(
        (await t.call('PATCH', `/api/admin/users/${adminId}/role`, { cookie: m.cookie, body: { role: 'user' } })).statusCode,
      ).toBe(200);
      const self = await t.call('PATCH', `/api/admin/users/${m.id}/role`, { cookie: m.cookie, body: { role: 'user' } });
      expect(self.statusCode).toBe(409);
      expect((await t.call('DELETE', `/api/admin/users/${m.id}`, { cookie: m.cookie })).statusCode).toBe(409);
      expect(
        (await t.call('PATCH', `/api/admin/users/${adminId}/role`, { cookie: m.cookie, body: { role: 'admin' } })).statusCode,
      ).toBe(200);
      // Now two admins: deleting one is allowed (docs/product.md#deleting-an-account).
      expect((await t.call('DELETE', `/api/admin/users/${m.id}`, { cookie: admin })).statusCode).toBe(204);
      expect(await t.db.select().from(users).where(eq(users.id, m.id))).toHaveLength(0);
      expect((await t.call('GET', '/api/admin/stats', { cookie: m.cookie })).statusCode).toBe(401);
    });

    it('DELETE /users/:id deletes a member everywhere (204), then 404', async () => {
      const m = await t.createMember('user');
      const res = await t.call('DELETE', `/api/admin/users/${m.id}`, { cookie: admin });
      expect(res.statusCode).toBe(204);
      expect(await t.db.select().from(users).where(eq(users.id, m.id))).toHaveLength(0);
      expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, m.id))).toHaveLength(0);
      expect((await t.call('GET', '/api/tip-types', { cookie: m.cookie })).statusCode).toBe(401);
      expect((await t.call('DELETE', `/api/admin/users/${m.id}`, { cookie: admin })).statusCode).toBe(404);
    });
  });

  describe('pending activations', () => {
    it('lists them newest first', async () => {
      const a = await approvedActivation(t, admin);
      const b = await approvedActivation(t, admin);
      const res = await t.call('GET', '/api/admin/pending-activations', { cookie: admin });
      expect(res.statusCode).toBe(200);
      const items = res.json<{ id: string; email: string; fullName: string; country: string | null }[]>();
      const ia = items.findIndex((i) => i.id === a.activationId);
      const ib = items.findIndex((i) => i.id === b.activationId);
      expect(ib).toBeGreaterThanOrEqual(0);
      expect(ib).toBeLessThan(ia);
      expect(items[ia]).toMatchObject({ email: a.email, fullName: a.fullName, country: 'Peru' });
    });

    it('resend: a fresh token, the old link refused (400), the new one signs up as user (201)', async () => {
      const a = await approvedActivation(t, admin);
      const oldToken = await latestToken(t, a.email);
      const res = await t.call('POST', `/api/admin/pending-activations/${a.activationId}/resend`, { cookie: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isEmailSent: true });
      const newToken = await latestToken(t, a.email);
      expect(newToken).not.toBe(oldToken);
      const tokens = await t.db.select().from(signupTokens).where(eq(signupTokens.pendingActivationId, a.activationId));
      expect(tokens).toHaveLength(1);

      const body = { fullName: a.fullName, email: a.email, password: 'invited-pass' };
      expect((await t.call('POST', '/api/auth/sign-up', { body: { ...body, token: oldToken } })).statusCode).toBe(400);
      const ok = await t.call('POST', '/api/auth/sign-up', { body: { ...body, token: newToken } });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().role).toBe('user');
    });

    it('DELETE removes it and its tokens (204), then 404', async () => {
      const a = await approvedActivation(t, admin);
      const res = await t.call('DELETE', `/api/admin/pending-activations/${a.activationId}`, { cookie: admin });
      expect(res.statusCode).toBe(204);
      expect(await t.db.select().from(pendingActivations).where(eq(pendingActivations.id, a.activationId))).toHaveLength(0);
      expect(await t.db.select().from(signupTokens).where(eq(signupTokens.pendingActivationId, a.activationId))).toHaveLength(0);
      expect((await t.call('DELETE', `/api/admin/pending-activations/${a.activationId}`, { cookie: admin })).statusCode).toBe(
        404,
      );
    });
  });

  it('DELETE /invitations/:id deletes a request of any status (204), then 404', async () => {
    const a = await approvedActivation(t, admin);
    const res = await t.call('DELETE', `/api/admin/invitations/${a.invitationId}`, { cookie: admin });
    expect(res.statusCode).toBe(204);
    expect((await t.call('DELETE', `/api/admin/invitations/${a.invitationId}`, { cookie: admin })).statusCode).toBe(404);
    // The approved activation survives its request.
    expect(await t.db.select().from(pendingActivations).where(eq(pendingActivations.id, a.activationId))).toHaveLength(1);
  });

  it('system messages: create (active), list all newest first, update, deactivate', async () => {
    const created = await t.call('POST', '/api/admin/system-messages', {
      cookie: admin,
      body: { title: ' Hello ', content: 'World' },
    });
    expect(created.statusCode).toBe(201);
    const msg = created.json();
    expect(msg).toMatchObject({ title: 'Hello', content: 'World', isActive: true });
    const [row] = await t.db.select().from(systemMessages).where(eq(systemMessages.id, msg.id));
    expect(row?.createdBy).toBe(adminId);

    const second = (
      await t.call('POST', '/api/admin/system-messages', { cookie: admin, body: { title: 'Two', content: 'x' } })
    ).json();
    const updated = await t.call('PUT', `/api/admin/system-messages/${msg.id}`, {
      cookie: admin,
      body: { title: 'Hi', content: 'There' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: msg.id, title: 'Hi', content: 'There', isActive: true });

    const off = await t.call('PATCH', `/api/admin/system-messages/${msg.id}/active`, {
      cookie: admin,
      body: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().isActive).toBe(false);

    const list = (await t.call('GET', '/api/admin/system-messages', { cookie: admin })).json<{ id: string }[]>();
    expect(list.map((m) => m.id).slice(0, 2)).toEqual([second.id, msg.id]);
    const visible = (await t.call('GET', '/api/system-messages/active', { cookie: member.cookie })).json<{ id: string }[]>();
    expect(visible.map((m) => m.id)).toContain(second.id);
    expect(visible.map((m) => m.id)).not.toContain(msg.id);
  });

  it('tip types: create and rename; a case-insensitive duplicate is 409', async () => {
    const name = `Bakeries ${Date.now()}`;
    const created = await t.call('POST', '/api/admin/tip-types', { cookie: admin, body: { name } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name, color: null });
    const dup = await t.call('POST', '/api/admin/tip-types', { cookie: admin, body: { name: name.toUpperCase() } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ADMIN_TEXTS.tipTypeExists);

    const other = (await t.call('POST', '/api/admin/tip-types', { cookie: admin, body: { name: `Other ${Date.now()}` } })).json();
    const clash = await t.call('PUT', `/api/admin/tip-types/${other.id}`, { cookie: admin, body: { name: name.toLowerCase() } });
    expect(clash.statusCode).toBe(409);
    const renamed = await t.call('PUT', `/api/admin/tip-types/${other.id}`, { cookie: admin, body: { name: 'Hidden Beaches' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: other.id, name: 'Hidden Beaches' });
    const list = (await t.call('GET', '/api/tip-types', { cookie: member.cookie })).json<{ name: string }[]>();
    expect(list.map((x) => x.name)).toEqual(expect.arrayContaining([name, 'Hidden Beaches']));
  });
});

describe('resend with a failing mailer', () => {
  const failing: Mailer = {
    send: () => Promise.reject(new Error('smtp down')),
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailer: failing });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still replaces the token and reports isEmailSent false', async () => {
    const [activation] = await t.db
      .insert(pendingActivations)
      .values({ email: `fail.${Date.now()}@example.com`, fullName: 'Fay Fail', country: null })
      .returning();
    const admin = await t.signInAdmin();
    const res = await t.call('POST', `/api/admin/pending-activations/${activation!.id}/resend`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isEmailSent: false });
    expect(await t.db.select().from(signupTokens).where(eq(signupTokens.pendingActivationId, activation!.id))).toHaveLength(1);
  });
});
