/**
 * The e-mails Waymark sends. Plain text first; the HTML part only adds a clickable button.
 *
 * They go to an address a visitor typed, so they carry no text a visitor typed (ADR 032): no
 * name, which could bring a line or a URL of someone else's choosing into a Waymark e-mail. The
 * only link is the app's own signup URL, whose query values are URL-encoded.
 */
import type { MailMessage } from './mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** send-invitation-confirmation (SPEC 7). */
export function invitationConfirmation(to: { email: string }): MailMessage {
  return {
    to: to.email,
    subject: 'We received your Waymark invitation request',
    text: [
      'Hello,',
      '',
      'Thank you for requesting an invitation to Waymark. An admin will review your request and',
      'you will hear from us by e-mail when it has been decided.',
      '',
      'The Waymark team',
    ].join('\n'),
  };
}

/** send-invitation-approval (SPEC 7): the signup link with the single-use token (D4). */
export function invitationApproval(to: { email: string }, signupUrl: string): MailMessage {
  return {
    to: to.email,
    subject: 'Your Waymark invitation has been approved',
    text: [
      'Hello,',
      '',
      'Good news: your invitation to Waymark has been approved. Create your account here:',
      '',
      signupUrl,
      '',
      'This link works once and expires in 14 days.',
      '',
      'The Waymark team',
    ].join('\n'),
    html: `<p>Hello,</p><p>Good news: your invitation to Waymark has been approved.</p><p><a href="${escapeHtml(signupUrl)}">Create your account</a></p><p>This link works once and expires in 14 days.</p><p>The Waymark team</p>`,
  };
}

/**
 * The links of a message as the outbox shows them: the anchors of its HTML part, which only these
 * templates write (every other value in it is escaped), never URLs found in its text.
 */
export function linksOfHtml(html: string | null): string[] {
  if (!html) return [];
  const unescape = (value: string) => value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return [...html.matchAll(/<a href="([^"]*)">/g)].map((m) => unescape(m[1] ?? '')).filter((url) => /^https?:\/\//.test(url));
}
