/** A mailer for tests: keeps what it was asked to send, or fails while `failing` is set. */
import type { MailMessage, Mailer } from '@server/modules/mail/mailer';

export function createRecordingMailer() {
  const sent: MailMessage[] = [];
  const state = { failing: false };
  const mailer: Mailer = {
    send(message) {
      if (state.failing) return Promise.reject(new Error('SMTP 451 try again later'));
      sent.push(message);
      return Promise.resolve();
    },
  };
  return { mailer, sent, state };
}
