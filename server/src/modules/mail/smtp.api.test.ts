import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationRequests, outbox } from '@db/schema';
import { type SmtpSink, startSmtpSink } from '@server-test/smtp-sink';
import { PUBLIC_URL, type TestApp, createTestApp } from '@server-test/test-app';
import { createSmtpMailer } from './mailer';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ mailer: createSmtpMailer(sink.url, 'Waymark <no-reply@waymark.test>') });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** The value of a header of a raw message (unfolded). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The message with soft line breaks and =XX escapes of quoted-printable undone. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

describe('the SMTP mailer (product.md, E-mail)', () => {
  it('delivers the approval e-mail with the signup link to the requester', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    const fullName = 'Sam Smtp';
    const submitted = await t.call('POST', '/api/invitations', {
      body: {
        fullName,
        email,
        country: 'Iceland',
        howDidYouKnow: 'travel_blog',
        aboutYourself: 'I chase waterfalls and hot springs and keep notes on every one of them.',
      },
    });
    expect(submitted.statusCode).toBe(201);
    const [request] = await t.db.select().from(invitationRequests).where(eq(invitationRequests.email, email));

    const admin = await t.signInAdmin();
    const res = await t.call('POST', `/api/admin/invitations/${request!.id}/approve`, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invitation: { id: request!.id, status: 'approved' }, isEmailSent: true });

    // Both messages went through SMTP; the local outbox stays empty.
    expect(await t.db.select().from(outbox)).toHaveLength(0);
    const confirmation = sink.received.find((m) => header(m.raw, 'subject') === 'We received your Waymark invitation request');
    expect(confirmation?.to).toEqual([email]);

    const approval = sink.received.find((m) => header(m.raw, 'subject') === 'Your Waymark invitation has been approved');
    expect(approval).toBeDefined();
    expect(approval!.to).toEqual([email]);
    expect(approval!.from).toBe('no-reply@waymark.test');
    expect(header(approval!.raw, 'to')).toBe(email);
    expect(header(approval!.raw, 'from')).toBe('Waymark <no-reply@waymark.test>');

    const body = decodeQuotedPrintable(approval!.raw);
    const link = body.match(/http:\/\/waymark\.test\/signup\?\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/signup`);
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('name')).toBe(fullName);
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The visitor's name travels URL-encoded in the link only, never as text of the e-mail (ADR 032).
    expect(body).toContain('Hello,');
    expect(body.replace(link!, '')).not.toContain(fullName);
  });
});
