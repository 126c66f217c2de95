/**
 * System messages in the daily digest (ADR 093): a member who chose "daily digest" for system
 * messages and was not online that day gets the day's messages that are still shown, in the one
 * digest that also lists their notices; nobody else gets them. Both databases.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreference } from '@common/schemas/notification-preferences';
import { jobs, notifications, sessions, systemMessages } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { createDigestPlanner } from './notification-emails';
import { createRecordingMailer } from '@server-test/recording-mailer';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const recorder = createRecordingMailer();
let t: TestApp;
let admin: string;
const DAY = 24 * 60 * 60_000;
const todayStart = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
const yesterday = () => new Date(todayStart() - DAY).toISOString().slice(0, 10);
const digestsTo = (m: Member) => recorder.sent.filter((s) => s.to === m.email && s.subject.startsWith('Your Waymark digest'));

async function choose(m: Member, preferences: NotificationPreference[]) {
  const res = await t.call('PUT', '/api/notifications/preferences', { cookie: m.cookie, body: { preferences } });
  expect(res.statusCode).toBe(200);
}
/** Last seen two days ago (away yesterday), or yesterday (online that day). */
async function lastSeen(m: Member, wasOnline: boolean) {
  const at = new Date(todayStart() - (wasOnline ? DAY - 60_000 : 2 * DAY));
  await t.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.userId, m.id));
}
/** An admin's message, moved to yesterday noon (+ minutes, for order). */
async function announceYesterday(title: string, minutes: number, isActive = true) {
  const res = await t.call('POST', '/api/admin/system-messages', { cookie: admin, body: { title, content: 'Read\nthis.' } });
  expect(res.statusCode).toBe(201);
  const id = res.json<{ id: string }>().id;
  await t.db
    .update(systemMessages)
    .set({ createdAt: new Date(todayStart() - DAY / 2 + minutes * 60_000), isActive })
    .where(eq(systemMessages.id, id));
}

const daily = { kind: 'system_messages', inApp: true, email: 'daily' } as const;
let dailyAway: Member;
let dailyOnline: Member;
let byDefault: Member;
let withNotices: Member;

beforeAll(async () => {
  // Digests of yesterday are due from midnight UTC on.
  t = await createTestApp({ mailer: recorder.mailer, env: { DIGEST_HOUR_UTC: '0' } });
  admin = await t.signInAdmin();
  dailyAway = await t.createMember();
  dailyOnline = await t.createMember();
  byDefault = await t.createMember();
  withNotices = await t.createMember();
  for (const m of [dailyAway, dailyOnline, withNotices]) await choose(m, [daily]);
  await announceYesterday('Trail closed', 0);
  await announceYesterday('Withdrawn notice', 1, false);
  await announceYesterday('New map layer', 2);
  await t.db.insert(notifications).values({
    userId: withNotices.id,
    type: 'like',
    content: 'Someone liked your tip',
    createdAt: new Date(todayStart() - DAY / 2),
  });
  // Sessions are set last: the calls above used them (and marked them seen today).
  for (const m of [dailyAway, byDefault, withNotices]) await lastSeen(m, false);
  await lastSeen(dailyOnline, true);
  // Each process plans a day's digests once: everything is set up before the first pass.
  await t.app.jobRunner.runDue();
  await t.app.jobRunner.runDue();
}, 60_000);
afterAll(() => t?.close());

describe('system messages in the daily digest', () => {
  it("sends an away member who chose it the day's messages still shown, in order", () => {
    const [mail, ...more] = digestsTo(dailyAway);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Your Waymark digest for ${yesterday()}`);
    const lines = mail!.text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual(['- Trail closed: Read this.', '- New map layer: Read this.']);
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('lists them with the notices of the day in one digest', () => {
    const mails = digestsTo(withNotices);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- Trail closed: Read this.',
      '- New map layer: Read this.',
      '- Someone liked your tip',
    ]);
  });

  it('sends nothing to a member online that day, nor to one who kept the default (off)', async () => {
    expect(digestsTo(dailyOnline)).toEqual([]);
    expect(digestsTo(byDefault)).toEqual([]);
    const keys = [dailyOnline, byDefault].map((m) => `digest:${m.id}:${yesterday()}`);
    expect(await t.db.select().from(jobs).where(inArray(jobs.key, keys))).toEqual([]);
  });

  it('plans once per member and day, however many instances plan', async () => {
    // Another instance's planner, planning the same day again.
    await createDigestPlanner(t.db, 0)(new Date());
    await t.app.jobRunner.runDue();
    expect(digestsTo(dailyAway)).toHaveLength(1);
    const planned = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `digest:${dailyAway.id}:${yesterday()}`));
    expect(planned).toHaveLength(1);
    expect(planned[0]?.finishedAs).toBe('done');
  });
});
