/**
 * Issue 19 item 9 (ADR 032): an invitation request cannot bring line breaks or links of its
 * sender's choosing into an e-mail Waymark sends to the address they typed, nor into the admin's
 * Outbox as a link. Single-line fields refuse control characters over the API (400, nothing
 * stored, nothing sent); the e-mails carry no visitor text; the Outbox links only the app's own
 * signup URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@common/schemas/outbox';
import { TEXTS } from '@common/texts';
import { invitationRequests, outbox } from '@db/schema';
import { PUBLIC_URL, type TestApp, createTestApp } from '@server-test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

let seq = 0;
const request = (fullName: string) => {
  seq += 1;
  const email = `inject-${seq}-${Date.now()}@example.com`;
  const body = {
    fullName,
    email,
    country: 'Norway',
    howDidYouKnow: 'web_search',
    aboutYourself: 'I collect fjord walks and want to share the quiet ones with other travelers.',
  };
  return { email, res: t.call('POST', '/api/invitations', { body }) };
};

describe('e-mail content injection', () => {
  it.each([
    ['CRLF and a header', 'Ann\r\nBcc: everyone@example.com'],
    ['LF and a paragraph', 'Ann\n\nYour account is locked, visit https://evil.example'],
    ['a tab', 'Ann\tLee'],
    ['a line separator', 'Ann\u2028https://evil.example'],
    ['a right-to-left override', 'Ann \u202egnp.exe'],
    ['a NUL', 'Ann\u0000'],
  ])('refuses a full name with %s: 400, nothing stored, nothing sent', async (_label, fullName) => {
    const { email, res } = request(fullName);
    const answer = await res;
    expect(answer.statusCode).toBe(400);
    expect([TEXTS.notSingleLine, TEXTS.unstorableText]).toContain(answer.json().message);
    expect(await t.db.select().from(invitationRequests).where(eq(invitationRequests.email, email))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, email))).toEqual([]);
  });

  it('sends no visitor text in either e-mail, and the Outbox links only the signup URL', async () => {
    const fullName = 'Claim your prize at https://evil.example/win now';
    const { email, res } = request(fullName);
    expect((await res).statusCode).toBe(201);
    const [row] = await t.db.select().from(invitationRequests).where(eq(invitationRequests.email, email));
    expect((await t.call('POST', `/api/admin/invitations/${row!.id}/approve`, { cookie: admin })).statusCode).toBe(200);

    const mails = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mails).toHaveLength(2);
    const signupLinks = new RegExp(`${PUBLIC_URL.replaceAll('.', '\\.')}/signup\\?[^\\s"<]+`, 'g');
    for (const mail of mails) {
      // Outside the app's own signup link (where the name is an encoded query value), no trace of it.
      const outsideLinks = `${mail.subject}\n${mail.bodyText}\n${mail.bodyHtml ?? ''}`.replace(signupLinks, '');
      expect(outsideLinks).not.toContain('evil.example');
      expect(outsideLinks).not.toContain('prize');
    }
    const items = (await t.call('GET', '/api/admin/outbox?limit=50', { cookie: admin })).json<{ items: OutboxMessage[] }>().items;
    const links = items.filter((m) => m.to === email).flatMap((m) => m.links);
    expect(links).toHaveLength(1);
    const url = new URL(links[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/signup`);
    // The name still reaches the signup form, as a URL-encoded query value (docs/product.md#invitations-and-signing-up).
    expect(url.searchParams.get('name')).toBe(fullName);
  });
});
