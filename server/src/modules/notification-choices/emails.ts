/**
 * The notification e-mails (ADR 090): one notice right away, or a day's digest. Each carries the
 * signed unsubscribe link in its text and the List-Unsubscribe headers (RFC 2369, RFC 8058).
 * They go to the member's own address; the notices' text is Waymark's own sentence about them.
 */
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@common/schemas/notification-preferences';
import type { MailMessage } from '@server/modules/mail/mailer';
import { type UnsubscribeScope, signUnsubscribe, unsubscribePageUrl, unsubscribePostUrl } from './unsubscribe-token';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Link {
  publicUrl: string;
  secret: string;
  userId: string;
}

function unsubscribeParts(link: Link, scope: UnsubscribeScope) {
  const token = signUnsubscribe(link.secret, link.userId, scope);
  return {
    page: unsubscribePageUrl(link.publicUrl, token),
    headers: {
      'List-Unsubscribe': `<${unsubscribePostUrl(link.publicUrl, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function notificationEmail(to: string, link: Link, kind: NotificationKind, content: string): MailMessage {
  const { page, headers } = unsubscribeParts(link, kind);
  const label = NOTIFICATION_KIND_LABELS[kind];
  const open = `${link.publicUrl}/notifications`;
  return {
    to,
    subject: `Waymark: ${label.toLowerCase()}`,
    text: [content, '', `See it in Waymark: ${open}`, '', `No more e-mails about ${label.toLowerCase()}: ${page}`].join('\n'),
    html: `<p>${escapeHtml(content)}</p><p><a href="${escapeHtml(open)}">See it in Waymark</a></p><p><a href="${escapeHtml(page)}">Unsubscribe</a></p>`,
    headers,
  };
}

/** A system message as a digest line: its title and text on one line. */
export function systemMessageLine(title: string, content: string): string {
  return `${title}: ${content.replace(/\s+/g, ' ').trim()}`;
}

export function digestEmail(to: string, link: Link, day: string, lines: string[]): MailMessage {
  const { page, headers } = unsubscribeParts(link, 'all');
  const open = `${link.publicUrl}/notifications`;
  return {
    to,
    subject: `Your Waymark digest for ${day}`,
    text: [
      `While you were away on ${day}:`,
      '',
      ...lines.map((l) => `- ${l}`),
      '',
      `See them in Waymark: ${open}`,
      '',
      `No more Waymark e-mails: ${page}`,
    ].join('\n'),
    html: `<p>While you were away on ${escapeHtml(day)}:</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p><a href="${escapeHtml(open)}">See them in Waymark</a></p><p><a href="${escapeHtml(page)}">Unsubscribe</a></p>`,
    headers,
  };
}
