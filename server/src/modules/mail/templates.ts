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

/** send-invitation-confirmation (docs/product.md#invitations-and-signing-up). */
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

/** send-invitation-approval (docs/product.md#invitations-and-signing-up): the signup link with the single-use token. */
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
 * The link that confirms an asked-for e-mail change, sent to the NEW address (ADR 028). Like every
 * template it carries no text a member typed (ADR 032): the new address may be anyone's.
 */
export function emailChangeConfirmation(to: string, confirmUrl: string, lifetimeMinutes: number): MailMessage {
  return {
    to,
    subject: 'Confirm your new Waymark email address',
    text: [
      'Hello,',
      '',
      'Someone (we hope you) asked to use this address for their Waymark account. Open this link to confirm it:',
      '',
      confirmUrl,
      '',
      `This link works once and expires in ${lifetimeMinutes} minutes. If you did not ask for this, ignore this e-mail: nothing changes.`,
      '',
      'The Waymark team',
    ].join('\n'),
    html: `<p>Hello,</p><p>Someone (we hope you) asked to use this address for their Waymark account.</p><p><a href="${escapeHtml(confirmUrl)}">Confirm this address</a></p><p>This link works once and expires in ${lifetimeMinutes} minutes. If you did not ask for this, ignore this e-mail: nothing changes.</p><p>The Waymark team</p>`,
  };
}

/**
 * To the address being left (issue 36, ADR 108): a change was asked for (`isDone` false) or has
 * happened, with the undo link. Whoever holds a session and the password can ask; only this
 * mailbox's owner can undo.
 */
export function emailChangeNotice(
  to: string,
  newEmail: string,
  undoUrl: string,
  lifetimeDays: number,
  isDone: boolean,
): MailMessage {
  const what = isDone
    ? `The email address of your Waymark account was changed to ${newEmail}.`
    : `Someone signed in to your Waymark account asked to change its email address to ${newEmail}. It changes when a link sent there is opened.`;
  const notYou =
    'If this was not you, undo it: the account goes back to this address, every session is signed out and pending changes are cancelled.';
  const expiry = `The undo link works once, for ${lifetimeDays} days.`;
  return {
    to,
    subject: isDone ? 'Your Waymark email address was changed' : 'A change of your Waymark email address was asked for',
    text: ['Hello,', '', what, '', notYou, '', undoUrl, '', expiry, '', 'The Waymark team'].join('\n'),
    html: `<p>Hello,</p><p>${escapeHtml(what)}</p><p>${escapeHtml(notYou)}</p><p><a href="${escapeHtml(undoUrl)}">Undo this change</a></p><p>${escapeHtml(expiry)}</p><p>The Waymark team</p>`,
  };
}

/** A forgotten password (ADR 073): the single-use link. Sent only to the account's own address. */
export function passwordResetLink(to: string, resetUrl: string, lifetimeMinutes: number): MailMessage {
  const ignore = 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  return {
    to,
    subject: 'Set a new Waymark password',
    text: [
      'Hello,',
      '',
      'Someone (we hope you) asked to set a new password for the Waymark account of this address. Open this link to choose one:',
      '',
      resetUrl,
      '',
      `This link works once and expires in ${lifetimeMinutes} minutes. ${ignore}`,
      '',
      'The Waymark team',
    ].join('\n'),
    html: `<p>Hello,</p><p>Someone (we hope you) asked to set a new password for the Waymark account of this address.</p><p><a href="${escapeHtml(resetUrl)}">Choose a new password</a></p><p>This link works once and expires in ${lifetimeMinutes} minutes. ${ignore}</p><p>The Waymark team</p>`,
  };
}

/** After any password change (ADR 073): the owner hears of it, and how to take the account back. */
export function passwordChanged(to: string, forgotPasswordUrl: string): MailMessage {
  const notYou = 'If this was not you, set a new password at once with "Forgot password?" on the sign-in screen:';
  return {
    to,
    subject: 'Your Waymark password was changed',
    text: [
      'Hello,',
      '',
      'The password of your Waymark account was just changed, and the account was signed out everywhere else.',
      '',
      notYou,
      '',
      forgotPasswordUrl,
      '',
      'The Waymark team',
    ].join('\n'),
    html: `<p>Hello,</p><p>The password of your Waymark account was just changed, and the account was signed out everywhere else.</p><p>${escapeHtml(notYou)}</p><p><a href="${escapeHtml(forgotPasswordUrl)}">Forgot password?</a></p><p>The Waymark team</p>`,
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
