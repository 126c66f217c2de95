/**
 * System messages by e-mail (ADR 090): a new message queues one fan-out job; the fan-out queues
 * one e-mail job per active member whose system-messages choice is "immediate" (keyed per message
 * and member, so a repeated fan-out adds none); each sends if the choice and the message hold.
 */
import type { Database, Executor } from '@db/client';
import type { JobHandler } from '@server/modules/jobs/job-runner';
import { enqueueJob } from '@server/modules/jobs/jobs.repository';
import type { Mailer } from '@server/modules/mail/mailer';
import { notificationEmail } from './emails';
import { emailOf, planSystemMessageEmailJobs, systemMessageOf } from './notification-emails.repository';
import { preferenceFor } from './preferences.repository';

export const SYSTEM_MESSAGE_FANOUT_JOB = 'system-message-fanout';
export const SYSTEM_MESSAGE_EMAIL_JOB = 'system-message-email';

/** In the transaction that writes the message. */
export function enqueueSystemMessageEmails(db: Executor, messageId: string): Promise<void> {
  return enqueueJob(db, { kind: SYSTEM_MESSAGE_FANOUT_JOB, key: `system:${messageId}`, payload: { messageId } });
}

const messageIdOf = (payload: Record<string, unknown>) => {
  if (typeof payload.messageId !== 'string') throw new Error('job payload lacks messageId');
  return payload.messageId;
};

export function systemMessageHandlers(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
}): Record<string, JobHandler> {
  const { db } = deps;
  const fanOut: JobHandler = async (job) => {
    const messageId = messageIdOf(job.payload);
    await planSystemMessageEmailJobs(db, SYSTEM_MESSAGE_EMAIL_JOB, messageId);
    return 'done';
  };

  const send: JobHandler = async (job) => {
    const messageId = messageIdOf(job.payload);
    const userId = job.payload.userId;
    if (typeof userId !== 'string') throw new Error('job payload lacks userId');
    const message = await systemMessageOf(db, messageId);
    if (!message?.isActive) return 'skipped';
    if ((await preferenceFor(db, userId, 'system_messages')).email !== 'immediate') return 'skipped';
    const to = await emailOf(db, userId);
    if (!to) return 'skipped';
    const link = { publicUrl: deps.publicUrl, secret: deps.secret, userId };
    await deps.mailer.send(notificationEmail(to, link, 'system_messages', `${message.title}\n\n${message.content}`));
    return 'done';
  };

  return { [SYSTEM_MESSAGE_FANOUT_JOB]: fanOut, [SYSTEM_MESSAGE_EMAIL_JOB]: send };
}
