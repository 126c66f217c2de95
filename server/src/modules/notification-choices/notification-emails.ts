/**
 * The e-mail side of notification choices (ADR 090, 091): the jobs a notice or a day leaves
 * behind, and their handlers for the job runner.
 */
import { type NotificationKind, NOTIFICATION_KINDS } from '@common/schemas/notification-preferences';
import type { Database, Executor } from '@db/client';
import type { JobHandler } from '@server/modules/jobs/job-runner';
import { enqueueJob } from '@server/modules/jobs/jobs.repository';
import { blockedEitherWay } from '@server/modules/blocks/blocks.repository';
import type { Mailer } from '@server/modules/mail/mailer';
import { digestEmail, notificationEmail, systemMessageLine } from './emails';
import * as repo from './notification-emails.repository';
import { preferenceFor, readPreferences } from './preferences.repository';
import { kindOfType } from '@common/schemas/notification-preferences';

export const NOTIFICATION_EMAIL_JOB = 'notification-email';
export const DAILY_DIGEST_JOB = 'daily-digest';
const DAY_MS = 24 * 60 * 60_000;

/**
 * Queues the e-mail of one notice, in the transaction that writes it. The key holds one e-mail
 * per recipient, actor, type, item and day: liking and unliking again and again sends one.
 */
export async function enqueueNotificationEmail(
  db: Executor,
  n: {
    userId: string;
    actorId: string | null;
    kind: NotificationKind;
    type: string;
    content: string;
    tipId?: string | null;
    guideId?: string | null;
    aboutId?: string | null;
  },
): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  const about = n.aboutId ? [n.aboutId] : [];
  await enqueueJob(db, {
    kind: NOTIFICATION_EMAIL_JOB,
    key: ['email', n.userId, n.actorId ?? '', n.type, n.tipId ?? '', n.guideId ?? '', ...about, day].join(':'),
    // The actor, so a block that comes before the e-mail goes out stops it (issue 36).
    payload: { userId: n.userId, actorId: n.actorId, kind: n.kind, content: n.content },
  });
}

/** The last whole UTC day whose digest is due at `now` (digests go out at `hourUtc` the day after). */
export function digestDayAt(now: Date, hourUtc: number): { day: string; start: Date; end: Date } {
  const shifted = new Date(now.getTime() - hourUtc * 60 * 60_000);
  const end = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
  const start = new Date(end.getTime() - DAY_MS);
  return { day: start.toISOString().slice(0, 10), start, end };
}

/** Plans each due day's digests once per process (the jobs' keys make it once overall). */
export function createDigestPlanner(db: Database, hourUtc: number) {
  let plannedDay = '';
  return async (now: Date) => {
    const { day, start, end } = digestDayAt(now, hourUtc);
    if (day === plannedDay) return;
    await repo.planDigestJobs(db, day, start, end, now);
    await repo.planSystemMessageDigestJobs(db, day, start, end, now);
    plannedDay = day;
  };
}

interface EmailDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
}

const payloadText = (payload: Record<string, unknown>, name: string) => {
  const value = payload[name];
  if (typeof value !== 'string') throw new Error(`job payload lacks ${name}`);
  return value;
};

export function notificationEmailHandlers(deps: EmailDeps): Record<string, JobHandler> {
  const { db, mailer } = deps;
  const link = (userId: string) => ({ publicUrl: deps.publicUrl, secret: deps.secret, userId });

  const sendNotice: JobHandler = async (job) => {
    const userId = payloadText(job.payload, 'userId');
    const kind = payloadText(job.payload, 'kind') as NotificationKind;
    if (!NOTIFICATION_KINDS.includes(kind)) throw new Error(`unknown kind ${kind}`);
    // Chosen otherwise since (or unsubscribed): nothing to send.
    if ((await preferenceFor(db, userId, kind)).email !== 'immediate') return 'skipped';
    // Blocked either way since it was queued: the notice names the other member, so it is not sent.
    const actorId = job.payload.actorId;
    if (typeof actorId === 'string' && (await blockedEitherWay(db, userId, actorId))) return 'skipped';
    const to = await repo.emailOf(db, userId);
    if (!to) return 'skipped';
    await mailer.send(notificationEmail(to, link(userId), kind, payloadText(job.payload, 'content')));
    return 'done';
  };

  const sendDigest: JobHandler = async (job) => {
    const userId = payloadText(job.payload, 'userId');
    const day = payloadText(job.payload, 'day');
    const start = new Date(`${day}T00:00:00.000Z`);
    if (Number.isNaN(start.getTime())) throw new Error(`bad digest day ${day}`);
    if (await repo.wasOnlineSince(db, userId, start)) return 'skipped';
    const daily = new Set((await readPreferences(db, userId)).filter((p) => p.email === 'daily').map((p) => p.kind));
    const end = new Date(start.getTime() + DAY_MS);
    // The day's system messages first (still shown, for those who chose them daily), then the notices.
    const messages = daily.has('system_messages') ? await repo.activeSystemMessagesBetween(db, start, end) : [];
    const rows = await repo.unreadBetween(db, userId, start, end);
    const lines = [
      ...messages.map((m) => systemMessageLine(m.title, m.content)),
      ...rows.filter((r) => daily.has(kindOfType(r.type) as NotificationKind)).map((r) => r.content),
    ];
    const to = await repo.emailOf(db, userId);
    if (lines.length === 0 || !to) return 'skipped';
    await mailer.send(digestEmail(to, link(userId), day, lines));
    return 'done';
  };

  return { [NOTIFICATION_EMAIL_JOB]: sendNotice, [DAILY_DIGEST_JOB]: sendDigest };
}
