/**
 * Outgoing e-mail (docs/product.md#e-mail): SMTP through nodemailer when SMTP_URL is set, otherwise the
 * local outbox table that admins read in the admin panel, so the invitation flow works offline.
 */
import nodemailer from 'nodemailer';
import type { Database } from '@db/client';
import { insertOutboxMessage } from './outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe: sent by SMTP, kept with the message by the local outbox. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createOutboxMailer(db: Database): Mailer {
  return {
    async send(message) {
      await insertOutboxMessage(db, {
        toAddress: message.to,
        subject: message.subject,
        bodyText: message.text,
        bodyHtml: message.html ?? null,
        headers: message.headers ?? null,
      });
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
