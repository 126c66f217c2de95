/**
 * A notification e-mail through a real SMTP server that refuses it at first (451): the job waits
 * with the server's answer as its last error, runs again after the backoff, and is then
 * delivered once (ADR 091). Fake clock; both databases.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { createJobRunner } from '../jobs/job-runner';
import { createSmtpMailer } from '../mail/mailer';
import { NOTIFICATION_EMAIL_JOB, enqueueNotificationEmail, notificationEmailHandlers } from './notification-emails';

const delivered: string[][] = [];
let refusals = 1;
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const error = Object.assign(new Error('Greylisted, try again later'), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        delivered.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('an SMTP refusal', () => {
  it('is retried after the backoff and then delivered once', async () => {
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Waymark <no-reply@waymark.test>');
    const member = await t.createMember();
    await t.call('PUT', '/api/notifications/preferences', {
      cookie: member.cookie,
      body: { preferences: [{ kind: 'moderation', inApp: true, email: 'immediate' }] },
    });
    await enqueueNotificationEmail(t.db, {
      userId: member.id,
      actorId: null,
      kind: 'moderation',
      type: 'moderation',
      content: 'Thank you for your report: we have hidden the content.',
    });
    let now = Date.now() + 1_000;
    const runner = createJobRunner({
      db: t.db,
      log: pino({ level: 'silent' }),
      clock: () => new Date(now),
      handlers: notificationEmailHandlers({ db: t.db, mailer, publicUrl: 'http://waymark.test', secret: 'x'.repeat(32) }),
    });
    const job = async () =>
      (await t.db.select().from(jobs).where(eq(jobs.kind, NOTIFICATION_EMAIL_JOB))).find(
        (j) => (j.payload as { userId: string }).userId === member.id,
      )!;

    expect(await runner.runDue()).toBe(1);
    expect(delivered).toEqual([]);
    const waiting = await job();
    expect(waiting).toMatchObject({ attempts: 1, finishedAs: null });
    expect(waiting.lastError).toContain('451');
    expect(waiting.runAt.getTime()).toBe(now + 30_000);

    now += 30_000;
    expect(await runner.runDue()).toBe(1);
    expect(delivered).toEqual([[member.email]]);
    expect(await job()).toMatchObject({ attempts: 2, finishedAs: 'done' });
    now += 3_600_000;
    await runner.runDue();
    expect(delivered).toHaveLength(1);
  });
});
