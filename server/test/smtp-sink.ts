/**
 * A real SMTP server on a free local port that keeps every message it accepts, for tests that
 * send through nodemailer end to end. `refuse` answers the first n recipients 451 (greylisting),
 * so a sender's retry can be tested.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}

export async function startSmtpSink({ refuse = 0 } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refusals = refuse;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals <= 0) return callback();
      refusals -= 1;
      callback(Object.assign(new Error('Greylisted, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
