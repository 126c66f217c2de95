import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@common/texts';
import { invitationRequests, outbox, pendingActivations, profiles, signupTokens, users } from '@db/schema';
import { ADMIN, PUBLIC_URL, type TestApp, createTestApp } from '@server-test/test-app';
import type { Mailer } from '../mail/mailer';
import { hashToken } from './signup-token';

const ABOUT = 'I travel slowly through mountain villages and write down every good bakery.';
const APPROVAL_SUBJECT = 'Your Waymark invitation has been approved';
const failingMailer: Mailer = {
  send: () => Promise.reject(new Error('smtp down')),
};

let seq = 0;
function request(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    fullName: `Jo Wanderer ${seq}`,
    email: `jo.${seq}.${Date.now()}@example.com`,
    country: 'Portugal',
    howDidYouKnow: 'friend_family',
    aboutYourself: ABOUT,
    ...overrides,
  };
}

async function invitationRows(t: TestApp, email: string) {
  return t.db
    .select()
    .from(invitationRequests)
    .where(sql`lower(${invitationRequests.email}) = lower(${email})`);
}

/** Submits a request and returns its stored row. */
async function submitted(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = request(overrides);
  const res = await t.call('POST', '/api/invitations', { body });
  expect(res.statusCode).toBe(201);
  const [row] = await invitationRows(t, body.email);
  if (!row) throw new Error('invitation row missing');
  return row;
}

async function adminId(t: TestApp): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  if (!row) throw new Error('admin missing');
  return row.id;
}

/** The signup link of the newest approval e-mail sent to `email` (outbox mailer). */
async function approvalLink(t: TestApp, email: string): Promise<URL> {
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.subject, APPROVAL_SUBJECT)))
    .orderBy(desc(outbox.createdAt));
  if (!mail) throw new Error(`no approval e-mail to ${email}`);
  const link = mail.bodyText.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in approval e-mail');
  return new URL(link);
}

describe('with the outbox mailer', () => {
  let t: TestApp;
  let admin: string;
  let member: Awaited<ReturnType<TestApp['createMember']>>;
  let pending: Awaited<ReturnType<TestApp['createMember']>>;
  let adminUserId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAdmin();
    member = await t.createMember('user');
    pending = await t.createMember('pending');
    adminUserId = await adminId(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Submits and approves a request; returns the request row and the e-mailed signup link. */
  async function approved(overrides: Record<string, unknown> = {}) {
    const row = await submitted(t, overrides);
    const res = await t.call('POST', `/api/admin/invitations/${row.id}/approve`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    const link = await approvalLink(t, row.email);
    const token = link.searchParams.get('token');
    if (!token) throw new Error('no token in link');
    return { row, link, token };
  }

  describe('POST /api/invitations', () => {
    it('stores the request (e-mail lowercased, pending) and e-mails a confirmation', async () => {
      const body = request({ email: `Mixed.Case.${Date.now()}@Example.COM` });
      const res = await t.call('POST', '/api/invitations', { body });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: true });
      const rows = await invitationRows(t, body.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        email: body.email.toLowerCase(),
        fullName: body.fullName,
        country: 'Portugal',
        howDidYouKnow: 'friend_family',
        aboutYourself: ABOUT,
        status: 'pending',
        approvedBy: null,
      });
      const mails = await t.db
        .select()
        .from(outbox)
        .where(sql`lower(${outbox.toAddress}) = ${body.email.toLowerCase()}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('We received your Waymark invitation request');
      expect(mails[0]?.bodyText).toContain('Hello,');
      expect(mails[0]?.bodyText).not.toContain(body.fullName); // no visitor text in the e-mail (ADR 032)
    });

    it('refuses a second request for the same e-mail, whatever its case (409), storing nothing', async () => {
      const body = request();
      expect((await t.call('POST', '/api/invitations', { body })).statusCode).toBe(201);
      for (const email of [body.email, body.email.toUpperCase()]) {
        const again = await t.call('POST', '/api/invitations', { body: { ...body, email, fullName: 'Someone Else' } });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: TEXTS.invitationDuplicate,
          code: 'invitation_duplicate',
          field: 'email',
        });
      }
      expect(await invitationRows(t, body.email)).toHaveLength(1);
    });

    it('needs at least 50 characters about yourself', async () => {
      const short = request({ aboutYourself: 'a'.repeat(49) });
      const res = await t.call('POST', '/api/invitations', { body: short });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: TEXTS.aboutYourselfTooShort,
        code: 'invalid_field',
        field: 'aboutYourself',
      });
      expect(await invitationRows(t, short.email)).toHaveLength(0);

      const exact = request({ aboutYourself: 'a'.repeat(50) });
      expect((await t.call('POST', '/api/invitations', { body: exact })).statusCode).toBe(201);
      expect(await invitationRows(t, exact.email)).toHaveLength(1);
    });

    it.each([
      ['a country not in the list', { country: 'Atlantis' }, 'Please choose your country from the list'],
      ['an unknown referral source', { howDidYouKnow: 'carrier_pigeon' }, 'Please tell us how you heard about us'],
      ['a bad e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['an empty full name', { fullName: '   ' }, 'Full name is required'],
    ])('refuses %s with 400', async (_label, override, message) => {
      const body = request(override);
      const res = await t.call('POST', '/api/invitations', { body });
      expect(res.statusCode).toBe(400);
      const field = Object.keys(override)[0];
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, code: 'invalid_field', field });
      const [count] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(invitationRequests)
        .where(eq(invitationRequests.fullName, body.fullName));
      expect(count?.n).toBe(0);
    });

    it.each([
      ['fullName', 'fullName is missing or not valid'],
      ['email', 'email is missing or not valid'],
      ['country', 'Please choose your country from the list'],
      ['howDidYouKnow', 'Please tell us how you heard about us'],
      ['aboutYourself', 'aboutYourself is missing or not valid'],
    ])('refuses a body without %s (400)', async (field, message) => {
      const body: Record<string, unknown> = request();
      delete body[field];
      const res = await t.call('POST', '/api/invitations', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, code: 'invalid_field', field });
      if (typeof body.email === 'string') expect(await invitationRows(t, body.email)).toHaveLength(0);
    });

    it('refuses an empty body (400)', async () => {
      const res = await t.call('POST', '/api/invitations', { body: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    });
  });

  describe('cross-site protection', () => {
    const post = (headers: Record<string, string>, body: object, url = '/api/invitations') =>
      t.app.inject({ method: 'POST', url, headers, payload: body });

    it('refuses a POST without the CSRF header (403), storing nothing', async () => {
      const body = request();
      const res = await post({}, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: TEXTS.crossSiteRefused, code: 'forbidden' });
      expect(await invitationRows(t, body.email)).toHaveLength(0);
    });

    it('refuses a wrong CSRF header value (403)', async () => {
      const body = request();
      const res = await post({ 'x-waymark-csrf': 'yes' }, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TEXTS.crossSiteRefused);
      expect(await invitationRows(t, body.email)).toHaveLength(0);
    });

    it('refuses a foreign Origin (403) even with the header', async () => {
      const body = request();
      const res = await post({ 'x-waymark-csrf': '1', origin: 'https://evil.example' }, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TEXTS.crossSiteRefused);
      expect(await invitationRows(t, body.email)).toHaveLength(0);
    });

    it('cannot be bypassed by percent-encoding the path', async () => {
      const body = request();
      const res = await post({}, body, '/%61pi/invitations');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TEXTS.crossSiteRefused);
      expect(await invitationRows(t, body.email)).toHaveLength(0);
    });

    it('refuses Sec-Fetch-Site: cross-site (403)', async () => {
      const body = request();
      const res = await post({ 'x-waymark-csrf': '1', 'sec-fetch-site': 'cross-site' }, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TEXTS.crossSiteRefused);
      expect(await invitationRows(t, body.email)).toHaveLength(0);
    });

    it("accepts the site's own Origin and same-origin fetches", async () => {
      const body = request();
      const res = await post({ 'x-waymark-csrf': '1', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' }, body);
      expect(res.statusCode).toBe(201);
      expect(await invitationRows(t, body.email)).toHaveLength(1);
    });

    it('also guards admin actions: approve without the header is 403 and changes nothing', async () => {
      const row = await submitted(t);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/invitations/${row.id}/approve`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TEXTS.crossSiteRefused);
      expect((await invitationRows(t, row.email))[0]?.status).toBe('pending');
    });
  });

  describe('GET /api/admin/invitations', () => {
    it('is 401 anonymous, 403 for a member and for a pending account', async () => {
      const anonymous = await t.call('GET', '/api/admin/invitations');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: TEXTS.signInRequired,
        code: 'unauthorized',
      });
      const asMember = await t.call('GET', '/api/admin/invitations', { cookie: member.cookie });
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: TEXTS.accessDenied, code: 'forbidden' });
      const asPending = await t.call('GET', '/api/admin/invitations', { cookie: pending.cookie });
      expect(asPending.statusCode).toBe(403);
      expect(asPending.json().message).toBe(TEXTS.accountPendingActivation);
    });

    it('lists every request newest first for an admin', async () => {
      const first = await submitted(t);
      const second = await submitted(t);
      const res = await t.call('GET', '/api/admin/invitations?limit=100', { cookie: admin });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: { id: string; createdAt: string }[]; nextCursor: string | null }>();
      const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(invitationRequests);
      expect(page.items).toHaveLength(count!.n);
      expect(page.nextCursor).toBeNull();
      expect(page.items[0]).toMatchObject({
        id: second.id,
        email: second.email,
        fullName: second.fullName,
        country: second.country,
        howDidYouKnow: second.howDidYouKnow,
        aboutYourself: second.aboutYourself,
        status: 'pending',
        createdAt: second.createdAt.toISOString(),
      });
      expect(page.items[1]?.id).toBe(first.id);
      const times = page.items.map((i) => Date.parse(i.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('pages with limit and nextCursor: every row once, in order', async () => {
      const mine = [];
      for (let i = 0; i < 5; i += 1) mine.push((await submitted(t)).id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/admin/invitations?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await t.call('GET', url, { cookie: admin });
        expect(res.statusCode).toBe(200);
        const page = res.json<{ items: { id: string }[]; nextCursor: string | null }>();
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 100);
      expect(cursor).toBeNull();
      const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(invitationRequests);
      expect(seen).toHaveLength(count!.n);
      expect(new Set(seen).size).toBe(seen.length);
      // Newest first: the five appear at the front, in reverse order of creation.
      expect(seen.slice(0, 5)).toEqual([...mine].reverse());
      const all = await t.call('GET', '/api/admin/invitations?limit=100', { cookie: admin });
      expect(seen).toEqual(all.json<{ items: { id: string }[] }>().items.map((i) => i.id));
    });

    it('refuses a garbage cursor and a bad limit with 400', async () => {
      const garbage = await t.call('GET', '/api/admin/invitations?cursor=not-a-cursor', { cookie: admin });
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid page cursor',
        code: 'bad_request',
      });
      const forged = Buffer.from('2026-01-01 00:00:00+00|not-a-uuid').toString('base64url');
      const bad = await t.call('GET', `/api/admin/invitations?cursor=${forged}`, { cookie: admin });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Invalid page cursor');
      for (const limit of ['0', '101', 'abc']) {
        const res = await t.call('GET', `/api/admin/invitations?limit=${limit}`, { cookie: admin });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
    });
  });

  describe('POST /api/admin/invitations/:id/approve', () => {
    it('is 401 anonymous, 403 for a member, 404 for an unknown id, 400 for a non-uuid', async () => {
      const row = await submitted(t);
      const url = `/api/admin/invitations/${row.id}/approve`;
      const anonymous = await t.call('POST', url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(TEXTS.signInRequired);
      const asMember = await t.call('POST', url, { cookie: member.cookie });
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().message).toBe(TEXTS.accessDenied);
      const asPending = await t.call('POST', url, { cookie: pending.cookie });
      expect(asPending.statusCode).toBe(403);
      expect((await invitationRows(t, row.email))[0]?.status).toBe('pending');

      const unknown = await t.call('POST', `/api/admin/invitations/${randomUUID()}/approve`, { cookie: admin });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Invitation request not found',
        code: 'not_found',
      });
      const notUuid = await t.call('POST', '/api/admin/invitations/123/approve', { cookie: admin });
      expect(notUuid.statusCode).toBe(400);
      expect(notUuid.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Not a valid id',
        code: 'invalid_field',
        field: 'id',
      });
    });

    it('approves: decision, activation, hashed token and the signup e-mail', async () => {
      const row = await submitted(t, { fullName: 'Zoë de la Cruz', country: 'Japan' });
      const res = await t.call('POST', `/api/admin/invitations/${row.id}/approve`, { cookie: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        invitation: {
          id: row.id,
          fullName: 'Zoë de la Cruz',
          email: row.email,
          country: 'Japan',
          howDidYouKnow: 'friend_family',
          aboutYourself: ABOUT,
          status: 'approved',
          createdAt: row.createdAt.toISOString(),
        },
        isEmailSent: true,
      });

      const [stored] = await invitationRows(t, row.email);
      expect(stored).toMatchObject({ status: 'approved', approvedBy: adminUserId });

      const activations = await t.db.select().from(pendingActivations).where(eq(pendingActivations.invitationRequestId, row.id));
      expect(activations).toHaveLength(1);
      const activation = activations[0]!;
      expect(activation).toMatchObject({
        status: 'waiting_signup',
        email: row.email,
        fullName: 'Zoë de la Cruz',
        country: 'Japan',
      });

      const link = await approvalLink(t, row.email);
      expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/signup`);
      expect(link.searchParams.get('email')).toBe(row.email);
      expect(link.searchParams.get('name')).toBe('Zoë de la Cruz');
      const token = link.searchParams.get('token');
      expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

      const tokens = await t.db.select().from(signupTokens).where(eq(signupTokens.pendingActivationId, activation.id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.tokenHash).toBe(hashToken(token!));
      expect(tokens[0]!.tokenHash).not.toContain(token!);
      const [leak] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(signupTokens)
        .where(sql`${signupTokens.tokenHash} = ${token!}`);
      expect(leak?.n).toBe(0);
      const lifetime = tokens[0]!.expiresAt.getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
      expect(lifetime).toBeLessThanOrEqual(14 * 24 * 3600 * 1000);

      const [mail] = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, row.email), eq(outbox.subject, APPROVAL_SUBJECT)));
      expect(mail?.bodyText).toContain(`${PUBLIC_URL}/signup?email=`);
      expect(mail?.bodyText).toMatch(/\/signup\?email=[^&\s]+&name=[^&\s]+&token=[A-Za-z0-9_-]+/);
    });

    it('refuses to approve or reject a request that is no longer pending (409)', async () => {
      const row = await submitted(t);
      expect((await t.call('POST', `/api/admin/invitations/${row.id}/approve`, { cookie: admin })).statusCode).toBe(200);
      const [tokenBefore] = await t.db
        .select({ hash: signupTokens.tokenHash })
        .from(signupTokens)
        .innerJoin(pendingActivations, eq(pendingActivations.id, signupTokens.pendingActivationId))
        .where(eq(pendingActivations.invitationRequestId, row.id));

      const again = await t.call('POST', `/api/admin/invitations/${row.id}/approve`, { cookie: admin });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: TEXTS.invitationOnlyPending,
        code: 'conflict',
      });
      const reject = await t.call('POST', `/api/admin/invitations/${row.id}/reject`, { cookie: admin });
      expect(reject.statusCode).toBe(409);
      expect(reject.json().message).toBe(TEXTS.invitationOnlyPending);

      expect((await invitationRows(t, row.email))[0]?.status).toBe('approved');
      // The link already sent keeps working: no second token replaced it.
      const [tokenAfter] = await t.db
        .select({ hash: signupTokens.tokenHash })
        .from(signupTokens)
        .innerJoin(pendingActivations, eq(pendingActivations.id, signupTokens.pendingActivationId))
        .where(eq(pendingActivations.invitationRequestId, row.id));
      expect(tokenAfter?.hash).toBe(tokenBefore?.hash);
      const approvals = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, row.email), eq(outbox.subject, APPROVAL_SUBJECT)));
      expect(approvals).toHaveLength(1);
    });
  });

  describe('POST /api/admin/invitations/:id/reject', () => {
    it('is 401 anonymous and 403 for a member', async () => {
      const row = await submitted(t);
      const url = `/api/admin/invitations/${row.id}/reject`;
      expect((await t.call('POST', url)).statusCode).toBe(401);
      const asMember = await t.call('POST', url, { cookie: member.cookie });
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().message).toBe(TEXTS.accessDenied);
      expect((await invitationRows(t, row.email))[0]?.status).toBe('pending');
      const unknown = await t.call('POST', `/api/admin/invitations/${randomUUID()}/reject`, { cookie: admin });
      expect(unknown.statusCode).toBe(404);
    });

    it('rejects a pending request without creating an activation; a second decision is 409', async () => {
      const row = await submitted(t);
      const res = await t.call('POST', `/api/admin/invitations/${row.id}/reject`, { cookie: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ invitation: { id: row.id, status: 'rejected' }, isEmailSent: false });
      expect((await invitationRows(t, row.email))[0]).toMatchObject({ status: 'rejected', approvedBy: adminUserId });
      const activations = await t.db
        .select()
        .from(pendingActivations)
        .where(sql`lower(${pendingActivations.email}) = ${row.email}`);
      expect(activations).toHaveLength(0);
      const approvals = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, row.email), eq(outbox.subject, APPROVAL_SUBJECT)));
      expect(approvals).toHaveLength(0);

      const approve = await t.call('POST', `/api/admin/invitations/${row.id}/approve`, { cookie: admin });
      expect(approve.statusCode).toBe(409);
      expect(approve.json().message).toBe(TEXTS.invitationOnlyPending);
      expect((await invitationRows(t, row.email))[0]?.status).toBe('rejected');
    });
  });

  describe('the signup link (product.md, Invitations and signing up)', () => {
    it('activates the account it was sent for, once', async () => {
      const { row, link, token } = await approved({ country: 'Chile' });
      const email = link.searchParams.get('email')!;
      const fullName = link.searchParams.get('name')!;
      expect(email).toBe(row.email);
      expect(fullName).toBe(row.fullName);

      const res = await t.call('POST', '/api/auth/sign-up', { body: { fullName, email, password: 'invited-pass', token } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email, role: 'user', name: fullName });
      // A handle made from the name, never the e-mail (docs/product.md#profiles, ADR 026).
      expect(res.json().username).toMatch(/^jo-wanderer-\d+(-\d+)?$/);
      const userId = res.json<{ id: string }>().id;
      const activations = await t.db.select().from(pendingActivations).where(eq(pendingActivations.invitationRequestId, row.id));
      expect(activations).toHaveLength(0);
      const tokens = await t.db
        .select()
        .from(signupTokens)
        .where(eq(signupTokens.tokenHash, hashToken(token)));
      expect(tokens).toHaveLength(0);
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
      expect(profile?.country).toBe('Chile');

      // The token is consumed: using it again (the account exists) is refused.
      const again = await t.call('POST', '/api/auth/sign-up', { body: { fullName, email, password: 'invited-pass', token } });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: TEXTS.invalidSignupToken,
        code: 'bad_request',
      });
      const [count] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.email, email));
      expect(count?.n).toBe(1);
    });

    it('accepts the e-mail in another case', async () => {
      const { row, token } = await approved();
      const res = await t.call('POST', '/api/auth/sign-up', {
        body: { fullName: row.fullName, email: row.email.toUpperCase(), password: 'invited-pass', token },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: row.email, role: 'user' });
      const activations = await t.db.select().from(pendingActivations).where(eq(pendingActivations.invitationRequestId, row.id));
      expect(activations).toHaveLength(0);
    });

    it('does not work for another e-mail', async () => {
      const { row, token } = await approved();
      const other = `thief-${Date.now()}@example.com`;
      const res = await t.call('POST', '/api/auth/sign-up', {
        body: { fullName: 'Thief', email: other, password: 'thief-pass', token },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TEXTS.invalidSignupToken);
      expect(await t.db.select().from(users).where(eq(users.email, other))).toHaveLength(0);
      const activations = await t.db.select().from(pendingActivations).where(eq(pendingActivations.invitationRequestId, row.id));
      expect(activations).toHaveLength(1);
    });

    it('does not work once expired', async () => {
      const { row, token } = await approved();
      await t.db
        .update(signupTokens)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(signupTokens.tokenHash, hashToken(token)));
      const res = await t.call('POST', '/api/auth/sign-up', {
        body: { fullName: row.fullName, email: row.email, password: 'invited-pass', token },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TEXTS.invalidSignupToken);
      expect(await t.db.select().from(users).where(eq(users.email, row.email))).toHaveLength(0);
    });

    it('without the token an approved e-mail gets a pending account and the activation stays', async () => {
      const { row } = await approved({ country: 'Kenya' });
      const res = await t.call('POST', '/api/auth/sign-up', {
        body: { fullName: row.fullName, email: row.email, password: 'no-token-pass' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: row.email, role: 'pending' });
      const activations = await t.db.select().from(pendingActivations).where(eq(pendingActivations.invitationRequestId, row.id));
      expect(activations).toHaveLength(1);
      // Without the link nothing proves the mailbox: the invitee's details stay with the activation (ADR 027).
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, res.json<{ id: string }>().id));
      expect(profile?.country).toBeNull();
    });

    it('takes over a pending account made without the link: the link sets the password (201, ADR 027)', async () => {
      const { row, token } = await approved();
      const first = await t.call('POST', '/api/auth/sign-up', {
        body: { fullName: row.fullName, email: row.email, password: 'early-bird-pass' },
      });
      expect(first.statusCode).toBe(201);
      expect(first.json().role).toBe('pending');

      const res = await t.call('POST', '/api/auth/sign-up', {
        body: { fullName: row.fullName, email: row.email, password: 'from-the-link', token },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ id: first.json().id, email: row.email, role: 'user' });
      const activations = await t.db.select().from(pendingActivations).where(eq(pendingActivations.invitationRequestId, row.id));
      expect(activations).toHaveLength(0);
      await expect(t.signIn(row.email, 'from-the-link')).resolves.toBeTruthy();
      await expect(t.signIn(row.email, 'early-bird-pass')).rejects.toThrow();
    });
  });
});

describe('with a failing mailer', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ mailer: failingMailer });
    admin = await t.signInAdmin();
  });
  afterAll(async () => {
    await t.close();
  });

  it('still stores the request (201): the confirmation failure is ignored (product.md, E-mail)', async () => {
    const body = request();
    const res = await t.call('POST', '/api/invitations', { body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await invitationRows(t, body.email)).toHaveLength(1);
    expect(await t.db.select().from(outbox)).toHaveLength(0);
  });

  it('approves (200) with isEmailSent false, keeping the decision and the activation', async () => {
    const row = await submitted(t, { country: 'Peru' });
    const res = await t.call('POST', `/api/admin/invitations/${row.id}/approve`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invitation: { id: row.id, status: 'approved' }, isEmailSent: false });
    expect((await invitationRows(t, row.email))[0]?.status).toBe('approved');
    const activations = await t.db.select().from(pendingActivations).where(eq(pendingActivations.invitationRequestId, row.id));
    expect(activations).toHaveLength(1);
    expect(activations[0]).toMatchObject({ email: row.email, country: 'Peru', status: 'waiting_signup' });
    expect(await t.db.select().from(signupTokens).where(eq(signupTokens.pendingActivationId, activations[0]!.id))).toHaveLength(
      1,
    );
  });
});
