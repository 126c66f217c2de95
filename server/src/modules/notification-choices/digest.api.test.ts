/**
 * The daily digest and the one-click unsubscribe (ADR 090): unread notifications of yesterday of
 * the kinds a member chose a digest for, only when they were not online that day, once per member
 * and day; the signed link turns e-mail off without signing in. Both databases.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationPreference,
  PREFERENCE_TEXTS,
} from '@common/schemas/notification-preferences';
import { appSettings, jobs, notificationPreferences, notifications, sessions } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { createRecordingMailer } from '@server-test/recording-mailer';
import { signUnsubscribe } from './unsubscribe-token';

const recorder = createRecordingMailer();
let t: TestApp;
beforeAll(async () => {
  // Digests of yesterday are due from midnight UTC on.
  t = await createTestApp({ mailer: recorder.mailer, env: { DIGEST_HOUR_UTC: '0' } });
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60_000;
const todayStart = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
const yesterdayNoon = () => new Date(todayStart() - DAY / 2);
const yesterday = () => new Date(todayStart() - DAY).toISOString().slice(0, 10);

/** A member last seen two days ago, with `count` unread likes written yesterday. */
async function awayMember(count: number, lastSeen = new Date(todayStart() - 2 * DAY)) {
  const member = await t.createMember();
  await t.db.update(sessions).set({ lastSeenAt: lastSeen }).where(eq(sessions.userId, member.id));
  for (let i = 0; i < count; i += 1) {
    await t.db.insert(notifications).values({
      userId: member.id,
      actorId: null,
      type: 'like',
      content: `Someone liked your tip number ${i}`,
      createdAt: yesterdayNoon(),
    });
  }
  return member;
}

let awayEmail = '';
let awayCookie = '';
const digestsTo = (email: string) => recorder.sent.filter((m) => m.to === email && m.subject.startsWith('Your Waymark digest'));

describe('the daily digest', () => {
  let away: Awaited<ReturnType<typeof awayMember>>;
  let online: Awaited<ReturnType<typeof awayMember>>;
  let optedOut: Awaited<ReturnType<typeof awayMember>>;
  let read: Awaited<ReturnType<typeof awayMember>>;

  beforeAll(async () => {
    // All set up before the first pass: each process plans a day's digests once.
    away = await awayMember(3);
    awayEmail = away.email;
    awayCookie = away.cookie;
    online = await awayMember(2, new Date(todayStart() - DAY + 60_000));
    optedOut = await awayMember(2);
    await t.call('PUT', '/api/notifications/preferences', {
      cookie: optedOut.cookie,
      body: { preferences: [{ kind: 'likes', inApp: true, email: 'off' }] },
    });
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(todayStart() - 2 * DAY) })
      .where(eq(sessions.userId, optedOut.id));
    read = await awayMember(1);
    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, read.id));
    await t.app.jobRunner.runDue();
    await t.app.jobRunner.runDue();
  });

  it("sends one digest listing yesterday's unread notifications to a member who was away", async () => {
    const mails = digestsTo(away.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your Waymark digest for ${yesterday()}`);
    for (const i of [0, 1, 2]) expect(mails[0]!.text).toContain(`- Someone liked your tip number ${i}`);
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const rows = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `digest:${away.id}:${yesterday()}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'daily-digest', finishedAs: 'done', attempts: 1 });
  });

  it('sends none to a member online that day, one who chose no e-mail, or one who read them all', async () => {
    for (const member of [online, optedOut, read]) expect(digestsTo(member.email)).toEqual([]);
    const keys = [online, optedOut, read].map((m) => `digest:${m.id}:${yesterday()}`);
    expect(await t.db.select().from(jobs).where(inArray(jobs.key, keys))).toEqual([]);
  });

  it('plans no second digest for the same day, even from a fresh planner', async () => {
    const { createDigestPlanner } = await import('./notification-emails');
    await createDigestPlanner(t.db, 0)(new Date());
    await t.app.jobRunner.runDue();
    expect(digestsTo(away.email)).toHaveLength(1);
  });
});

describe('POST /api/unsubscribe', () => {
  const tokenOf = (text: string) =>
    new URL(text.match(/http:\/\/waymark\.test\/unsubscribe\?token=\S+/)![0]).searchParams.get('token')!;
  const prefs = async (cookie: string) =>
    (await t.call('GET', '/api/notifications/preferences', { cookie })).json<{ preferences: NotificationPreference[] }>()
      .preferences;
  const secret = async () => (await t.db.select().from(appSettings).where(eq(appSettings.key, 'session_secret')))[0]!.value;
  const unsubscribe = (token: string, headers: Record<string, string> = {}, payload?: string) =>
    t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}`, headers, payload });

  it('refuses a missing, forged or altered token with 400 and changes nothing', async () => {
    const member = await t.createMember();
    const good = signUnsubscribe(await secret(), member.id, 'likes');
    const sig = good.split('.')[2]!;
    for (const bad of [
      '',
      'nonsense',
      `${member.id}.likes.${'A'.repeat(43)}`,
      `${member.id}.all.${sig}`,
      `${crypto.randomUUID()}.likes.${sig}`,
    ]) {
      const res = await unsubscribe(bad);
      expect(res.statusCode).toBe(400);
      if (bad) expect(res.json().message).toBe(PREFERENCE_TEXTS.unsubscribeInvalid);
    }
    expect((await prefs(member.cookie)).find((p) => p.kind === 'likes')).toEqual({ kind: 'likes', ...DEFAULT_PREFERENCES.likes });
  });

  it("turns all e-mail off with the digest's link: a one-click form POST, no session, no CSRF header", async () => {
    const mail = digestsTo(awayEmail)[0]!;
    const token = tokenOf(mail.text);
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<http://waymark.test/api/unsubscribe?token=${encodeURIComponent(token)}>`);
    const res = await unsubscribe(token, { 'content-type': 'application/x-www-form-urlencoded' }, 'List-Unsubscribe=One-Click');
    expect(res.statusCode).toBe(200);
    expect(res.json().kinds).toEqual([...NOTIFICATION_KINDS]);
    // Again: still fine (a mail client may post twice).
    expect((await unsubscribe(token)).statusCode).toBe(200);
    const after = await prefs(awayCookie);
    expect(after.map((p) => p.email)).toEqual(NOTIFICATION_KINDS.map(() => 'off'));
    expect(after.map((p) => p.inApp)).toEqual(NOTIFICATION_KINDS.map((k) => DEFAULT_PREFERENCES[k].inApp));
  });

  it("an immediate e-mail's link turns off that kind only", async () => {
    const member = await t.createMember();
    await t.call('PUT', '/api/notifications/preferences', {
      cookie: member.cookie,
      body: {
        preferences: [
          { kind: 'saves', inApp: false, email: 'immediate' },
          { kind: 'likes', inApp: true, email: 'immediate' },
        ],
      },
    });
    expect((await unsubscribe(signUnsubscribe(await secret(), member.id, 'likes'))).json()).toEqual({ kinds: ['likes'] });
    const after = await prefs(member.cookie);
    expect(after.find((p) => p.kind === 'likes')).toEqual({ kind: 'likes', inApp: true, email: 'off' });
    expect(after.find((p) => p.kind === 'saves')).toEqual({ kind: 'saves', inApp: false, email: 'immediate' });
  });

  it("a deleted account's link answers 200 and writes nothing", async () => {
    const gone = crypto.randomUUID();
    const res = await unsubscribe(signUnsubscribe(await secret(), gone, 'all'));
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, gone))).toEqual([]);
  });
});
