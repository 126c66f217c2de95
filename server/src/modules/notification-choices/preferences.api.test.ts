/**
 * Notification choices (issue 25, ADR 090): GET/PUT /api/notifications/preferences, the in-app
 * gate in insertNotification, and the immediate e-mail it queues. Both databases.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, NOTIFICATION_KINDS, type NotificationPreference } from '@common/schemas/notification-preferences';
import { TEXTS } from '@common/texts';
import { jobs, notifications } from '@db/schema';
import { insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { createRecordingMailer } from '@server-test/recording-mailer';

const recorder = createRecordingMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: recorder.mailer });
});
afterAll(() => t?.close());

const url = '/api/notifications/preferences';
const put = (cookie: string, preferences: unknown) => t.call('PUT', url, { cookie, body: { preferences } });
const like = (cookie: string, tipId: string) =>
  t.call('POST', '/api/likes/toggle', { cookie, body: { contentType: 'tip', contentId: tipId } });

describe('GET and PUT /api/notifications/preferences', () => {
  it('refuses the anonymous (401) and a pending account (403)', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { preferences: [{ kind: 'likes', inApp: false, email: 'off' }] }],
    ] as const) {
      const anonymous = await t.call(method, url, { body });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(TEXTS.signInRequired);
      const pending = await t.createMember('pending');
      const asPending = await t.call(method, url, { cookie: pending.cookie, body });
      expect(asPending.statusCode).toBe(403);
      expect(asPending.json().message).toBe(TEXTS.accountPendingActivation);
    }
  });

  it('answers every kind with its default until the member chooses', async () => {
    const member = await t.createMember();
    const res = await t.call('GET', url, { cookie: member.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, ...DEFAULT_PREFERENCES[kind] })) });
  });

  it('stores the chosen kinds, keeps the others, and only for the caller', async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    const res = await put(member.cookie, [
      { kind: 'likes', inApp: false, email: 'immediate' },
      { kind: 'saves', inApp: true, email: 'off' },
    ]);
    expect(res.statusCode).toBe(200);
    const byKind = new Map(res.json<{ preferences: NotificationPreference[] }>().preferences.map((p) => [p.kind, p]));
    expect(byKind.get('likes')).toEqual({ kind: 'likes', inApp: false, email: 'immediate' });
    expect(byKind.get('saves')).toEqual({ kind: 'saves', inApp: true, email: 'off' });
    expect(byKind.get('moderation')).toEqual({ kind: 'moderation', ...DEFAULT_PREFERENCES.moderation });
    // Changing it again overwrites; the other member still has the defaults.
    await put(member.cookie, [{ kind: 'likes', inApp: true, email: 'daily' }]);
    const again = (await t.call('GET', url, { cookie: member.cookie })).json<{ preferences: NotificationPreference[] }>();
    expect(again.preferences.find((p) => p.kind === 'likes')).toEqual({ kind: 'likes', inApp: true, email: 'daily' });
    const others = (await t.call('GET', url, { cookie: other.cookie })).json<{ preferences: NotificationPreference[] }>();
    expect(others.preferences.find((p) => p.kind === 'likes')).toEqual({ kind: 'likes', ...DEFAULT_PREFERENCES.likes });
  });

  it.each([
    ['an unknown kind', [{ kind: 'gossip', inApp: true, email: 'off' }]],
    ['an unknown e-mail choice', [{ kind: 'likes', inApp: true, email: 'weekly' }], 'Choose off, immediate or daily digest'],
    [
      'a kind twice',
      [
        { kind: 'likes', inApp: true, email: 'off' },
        { kind: 'likes', inApp: false, email: 'off' },
      ],
      'Each kind may appear once',
    ],
    ['no kind at all', [], 'Choose at least one kind'],
    ['in-app as text', [{ kind: 'likes', inApp: 'yes', email: 'off' }], 'In-app must be on or off'],
  ])('refuses %s with 400 and a message, storing nothing', async (_label, preferences, message?: string) => {
    const member = await t.createMember();
    const res = await put(member.cookie, preferences);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toContain(message);
    const stored = (await t.call('GET', url, { cookie: member.cookie })).json<{ preferences: NotificationPreference[] }>();
    expect(stored.preferences).toEqual(NOTIFICATION_KINDS.map((kind) => ({ kind, ...DEFAULT_PREFERENCES[kind] })));
  });
});

describe('the choice decides what a notice leaves behind', () => {
  it('in-app off writes no notification; on writes one', async () => {
    const owner = await t.createMember();
    const fan = await t.createMember();
    const tip = await insertTip(t.db, owner.id);
    expect((await put(owner.cookie, [{ kind: 'likes', inApp: false, email: 'off' }])).statusCode).toBe(200);
    expect((await like(fan.cookie, tip.id)).statusCode).toBe(200);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, owner.id))).toEqual([]);

    await put(owner.cookie, [{ kind: 'likes', inApp: true, email: 'off' }]);
    await like(fan.cookie, tip.id); // unlike
    await like(fan.cookie, tip.id); // like again
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(rows.map((r) => r.type)).toEqual(['like']);
  });

  it('e-mail immediate queues one e-mail job per actor, item and day, even with in-app off', async () => {
    const owner = await t.createMember();
    const fan = await t.createMember();
    const tip = await insertTip(t.db, owner.id);
    await put(owner.cookie, [{ kind: 'likes', inApp: false, email: 'immediate' }]);
    for (let i = 0; i < 4; i += 1) expect((await like(fan.cookie, tip.id)).statusCode).toBe(200);
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'notification-email')));
    const mine = queued.filter((j) => (j.payload as { userId?: string }).userId === owner.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({ userId: owner.id, kind: 'likes' });

    // The runner sends it, with the unsubscribe link and headers.
    await t.app.jobRunner.runDue();
    const mail = recorder.sent.find((m) => m.to === owner.email);
    expect(mail?.subject).toBe('Waymark: likes');
    expect(mail?.text).toContain('liked');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/waymark\.test\/api\/unsubscribe\?token=[^>]+>$/);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toMatch(/http:\/\/waymark\.test\/unsubscribe\?token=\S+/);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, mine[0]!.id));
    expect(job).toMatchObject({ finishedAs: 'done', attempts: 1, lockedBy: null });
  });

  it('e-mail off or daily queues no immediate e-mail', async () => {
    const owner = await t.createMember();
    const fan = await t.createMember();
    const tip = await insertTip(t.db, owner.id);
    await put(owner.cookie, [{ kind: 'likes', inApp: true, email: 'off' }]);
    await like(fan.cookie, tip.id);
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, 'notification-email'));
    expect(queued.filter((j) => (j.payload as { userId?: string }).userId === owner.id)).toEqual([]);
  });
});
