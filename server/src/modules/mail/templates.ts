/** The e-mails Waymark sends. Plain text first; the HTML part only adds a clickable button. */
import type { MailMessage } from './mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** send-invitation-confirmation (SPEC 7). */
export function invitationConfirmation(to: { fullName: string; email: string }): MailMessage {
  return {
    to: to.email,
    subject: 'We received your Waymark invitation request',
    text: [
      `Hi ${to.fullName},`,
      '',
      'Thank you for requesting an invitation to Waymark. An admin will review your request and',
      'you will hear from us by e-mail when it has been decided.',
      '',
      'The Waymark team',
    ].join('\n'),
  };
}

/** send-invitation-approval (SPEC 7): the signup link with the single-use token (D4). */
export function invitationApproval(to: { fullName: string; email: string }, signupUrl: string): MailMessage {
  return {
    to: to.email,
    subject: 'Your Waymark invitation has been approved',
    text: [
      `Hi ${to.fullName},`,
      '',
      'Good news: your invitation to Waymark has been approved. Create your account here:',
      '',
      signupUrl,
      '',
      'This link works once and expires in 14 days.',
      '',
      'The Waymark team',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(to.fullName)},</p><p>Good news: your invitation to Waymark has been approved.</p><p><a href="${escapeHtml(signupUrl)}">Create your account</a></p><p>This link works once and expires in 14 days.</p><p>The Waymark team</p>`,
  };
}

/** The link that confirms an asked-for e-mail change, sent to the NEW address (ADR 028). */
export function emailChangeConfirmation(to: { name: string; email: string }, confirmUrl: string, lifetimeMinutes: number): MailMessage {
  return {
    to: to.email,
    subject: 'Confirm your new Waymark email address',
    text: [
      `Hi ${to.name},`,
      '',
      'Someone (we hope you) asked to use this address for their Waymark account. Open this link to confirm it:',
      '',
      confirmUrl,
      '',
      `This link works once and expires in ${lifetimeMinutes} minutes. If you did not ask for this, ignore this e-mail: nothing changes.`,
      '',
      'The Waymark team',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(to.name)},</p><p>Someone (we hope you) asked to use this address for their Waymark account.</p><p><a href="${escapeHtml(confirmUrl)}">Confirm this address</a></p><p>This link works once and expires in ${lifetimeMinutes} minutes. If you did not ask for this, ignore this e-mail: nothing changes.</p><p>The Waymark team</p>`,
  };
}
