import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@common/schemas/outbox';
import { TEXTS } from '@common/texts';
import { invitationRequests, outbox } from '@db/schema';
import { PUBLIC_URL, type TestApp, createTestApp } from '@server-test/test-app';
import { notificationEmail } from '../notification-choices/emails';
import { createOutboxMailer } from './mailer';
import { eq } from 'drizzle-orm';

interface Page {
  items: OutboxMessage[];
  nextCursor: string | null;
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/outbox', () => {
  it('is 401 anonymous, 403 for a member and a pending account', async () => {
    const anonymous = await t.call('GET', '/api/admin/outbox');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: TEXTS.signInRequired,
      code: 'unauthorized',
    });
    const member = await t.createMember('user');
    const asMember = await t.call('GET', '/api/admin/outbox', { cookie: member.cookie });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: TEXTS.accessDenied, code: 'forbidden' });
    const pending = await t.createMember('pending');
    const asPending = await t.call('GET', '/api/admin/outbox', { cookie: pending.cookie });
    expect(asPending.statusCode).toBe(403);
    expect(asPending.json().message).toBe(TEXTS.accountPendingActivation);
  });

  it('lists the messages newest first, with the links each one carries', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    const submitted = await t.call('POST', '/api/invitations', {
      body: {
        fullName: 'Olga Outbox',
        email,
        country: 'Norway',
        howDidYouKnow: 'web_search',
        aboutYourself: 'I collect fjord walks and want to share the quiet ones with other travelers.',
      },
    });
    expect(submitted.statusCode).toBe(201);
    const [request] = await t.db.select().from(invitationRequests).where(eq(invitationRequests.email, email));
    const approved = await t.call('POST', `/api/admin/invitations/${request!.id}/approve`, { cookie: admin });
    expect(approved.statusCode).toBe(200);

    const res = await t.call('GET', '/api/admin/outbox', { cookie: admin });
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page.nextCursor).toBeNull();
    expect(page.items).toHaveLength(2);
    const [approval, confirmation] = page.items;
    expect(approval).toMatchObject({ to: email, subject: 'Your Waymark invitation has been approved' });
    expect(approval!.links).toHaveLength(1);
    const link = new URL(approval!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/signup`);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('name')).toBe('Olga Outbox');
    expect(link.searchParams.get('token')).toBeTruthy();
    expect(approval!.text).toContain(approval!.links[0]);

    expect(confirmation).toMatchObject({ to: email, subject: 'We received your Waymark invitation request', links: [] });
    expect(confirmation!.text).toContain('Hello,');
    expect(confirmation!.text).not.toContain('Olga');
    expect(Date.parse(approval!.createdAt)).toBeGreaterThanOrEqual(Date.parse(confirmation!.createdAt));
  });

  it("shows the HTML part's anchors as links, never a URL found in the text", async () => {
    const mailer = createOutboxMailer(t.db);
    await mailer.send({
      to: 'links@example.com',
      subject: 'Two links',
      text: 'First https://evil.example/a?b=1&c=2 then\n<http://example.org/x> and done.',
      html: '<p>Visit https://evil.example/a</p><p><a href="http://waymark.test/signup?email=a%40b.c&#38;token=t">Create</a></p>',
    });
    await mailer.send({ to: 'plain@example.com', subject: 'Plain', text: 'See https://example.com now' });
    const res = await t.call('GET', '/api/admin/outbox?limit=50', { cookie: admin });
    expect(res.statusCode).toBe(200);
    const items = res.json<Page>().items;
    expect(items.find((m) => m.to === 'links@example.com')?.links).toEqual(['http://waymark.test/signup?email=a%40b.c&token=t']);
    expect(items.find((m) => m.to === 'plain@example.com')?.links).toEqual([]);
  });

  it('keeps the List-Unsubscribe headers a notification e-mail carries, as SMTP would send them', async () => {
    const link = { publicUrl: PUBLIC_URL, secret: 'outbox-test-secret', userId: '00000000-0000-4000-8000-000000000001' };
    await createOutboxMailer(t.db).send(notificationEmail('headers@example.com', link, 'likes', 'Someone liked your tip.'));
    const res = await t.call('GET', '/api/admin/outbox?limit=50', { cookie: admin });
    const message = res.json<Page>().items.find((m) => m.to === 'headers@example.com');
    expect(message?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(message?.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${PUBLIC_URL}/api/unsubscribe\\?token=[^>]+>$`));
    // A message without extra headers lists none.
    expect(res.json<Page>().items.find((m) => m.to === 'plain@example.com')?.headers).toEqual({});
  });

  it('pages with limit and nextCursor, every message once, newest first', async () => {
    const mailer = createOutboxMailer(t.db);
    for (let i = 0; i < 5; i += 1) {
      await mailer.send({ to: `page-${i}@example.com`, subject: `Page test ${i}`, text: `Message ${i}` });
      // Distinct times: quick inserts can share a timestamp (PGlite's clock), and ties order by id.
      await t.db
        .update(outbox)
        .set({ createdAt: new Date(Date.now() + 60_000 + i * 1000) })
        .where(eq(outbox.toAddress, `page-${i}@example.com`));
    }
    const total = (await t.db.select().from(outbox)).length;
    const seen: OutboxMessage[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/admin/outbox?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await t.call('GET', url, { cookie: admin });
      expect(res.statusCode).toBe(200);
      const page = res.json<Page>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(cursor).toBeNull();
    expect(pages).toBe(Math.ceil(total / 2));
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((m) => m.id)).size).toBe(total);
    expect(seen.slice(0, 5).map((m) => m.subject)).toEqual([4, 3, 2, 1, 0].map((i) => `Page test ${i}`));

    const garbage = await t.call('GET', '/api/admin/outbox?cursor=%%%', { cookie: admin });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});
