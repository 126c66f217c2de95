/**
 * A notification e-mail through a real SMTP server that refuses it at first (451): the job waits
 * with the server's answer as its last error, runs again after the backoff, and is then
 * delivered once (ADR 091). Fake clock; both databases.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@db/schema';
import { type SmtpSink, startSmtpSink } from '@server-test/smtp-sink';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { createJobRunner } from '../jobs/job-runner';
import { createSmtpMailer } from '../mail/mailer';
import { NOTIFICATION_EMAIL_JOB, enqueueNotificationEmail, notificationEmailHandlers } from './notification-emails';

let sink: SmtpSink;
let t: TestApp;
/** The recipients of each message the server accepted. */
const delivered = () => sink.received.map((m) => m.to);

beforeAll(async () => {
  // The first recipient is refused with 451, as a greylisting server does.
  sink = await startSmtpSink({ refuse: 1 });
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('an SMTP refusal', () => {
  it('is retried after the backoff and then delivered once', async () => {
    const mailer = createSmtpMailer(sink.url, 'Waymark <no-reply@waymark.test>');
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
    expect(delivered()).toEqual([]);
    const waiting = await job();
    expect(waiting).toMatchObject({ attempts: 1, finishedAs: null });
    expect(waiting.lastError).toContain('451');
    expect(waiting.runAt.getTime()).toBe(now + 30_000);

    now += 30_000;
    expect(await runner.runDue()).toBe(1);
    expect(delivered()).toEqual([[member.email]]);
    expect(await job()).toMatchObject({ attempts: 2, finishedAs: 'done' });
    now += 3_600_000;
    await runner.runDue();
    expect(delivered()).toHaveLength(1);
  });
});
