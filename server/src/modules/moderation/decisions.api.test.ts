/**
 * Issue 36, item 11 (ADR 106): hide, suspend and delete need a reason; the member concerned is
 * told the decision and the reason (in-app and by e-mail per their choices) without learning who
 * reported; each decision that closed reports is kept for the Handled view; the admins are told
 * of a thing's first open report, once while it stays open; the audit log names who and what.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, HandledReport } from '@common/schemas/moderation';
import type { Notification } from '@common/schemas/notification';
import { auditLog, jobs, notifications, tips, users } from '@db/schema';
import { insertGuide, insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('moderation decisions (issue 36)', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let author: Member;
  let r1: Member;
  let r2: Member;

  const act = (body: Record<string, unknown>, cookie = admin) => t.call('POST', '/api/admin/moderation', { cookie, body });
  const report = (m: Member, target: string, targetId: string, reason = 'spam') =>
    t.call('POST', '/api/reports', { cookie: m.cookie, body: { target, targetId, reason } });
  const noticesOf = (userId: string, type: 'content_moderated' | 'report_received') =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const handled = async (query = 'limit=100') => {
    const res = await t.call('GET', `/api/admin/reports/handled?${query}`, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: HandledReport[]; nextCursor: string | null }>();
  };
  /** Nothing of a reporter anywhere in what the author can read of their notices. */
  const expectNoReporterIn = (text: string) => {
    for (const r of [r1, r2]) {
      expect(text).not.toContain(r.id);
      expect(text).not.toContain(r.email);
    }
    expect(text).not.toContain('Rae');
    expect(text).not.toContain('Rob');
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAdmin();
    const [me] = await t.db.select().from(users).where(eq(users.email, 'admin@waymark.test'));
    adminId = me!.id;
    author = await t.createMember('user', 'Ann Author');
    r1 = await t.createMember('user', 'Rae One');
    r2 = await t.createMember('user', 'Rob Two');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses hide, suspend and delete without a reason, and other without words: 400, nothing changes', async () => {
    const tip = await insertTip(t.db, author.id, { title: 'Needs a reason' });
    await report(r1, 'tip', tip.id);
    const auditBefore = (await t.db.select().from(auditLog)).length;
    for (const action of ['hide', 'suspend', 'delete']) {
      const res = await act({ action, target: 'tip', targetId: tip.id });
      expect(res.statusCode, action).toBe(400);
      expect(res.json().message).toContain('Please choose a reason');
      const other = await act({ action, target: 'tip', targetId: tip.id, reason: 'other' });
      expect(other.statusCode, action).toBe(400);
      expect(other.json().message).toContain('Please say why');
      expect((await act({ action, target: 'tip', targetId: tip.id, reason: 'bored' })).statusCode).toBe(400);
    }
    const [row] = await t.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(row?.hiddenAt).toBeNull();
    expect((await t.db.select().from(auditLog)).length).toBe(auditBefore);
    expect(await noticesOf(author.id, 'content_moderated')).toHaveLength(0);
    // dismiss, unhide and lift need none.
    expect((await act({ action: 'dismiss', target: 'tip', targetId: tip.id })).statusCode).toBe(200);
  });

  it('tells the author which tip was hidden and why, in-app and by e-mail, naming no reporter', async () => {
    const tip = await insertTip(t.db, author.id, { title: 'Cheap tours here' });
    await report(r1, 'tip', tip.id);
    await report(r2, 'tip', tip.id, 'harassment');
    const res = await act({
      action: 'hide',
      target: 'tip',
      targetId: tip.id,
      reason: 'spam',
      note: 'Advertising a tour company.',
    });
    expect(res.statusCode, res.body).toBe(200);

    const list = await t.call('GET', '/api/notifications?filter=all&limit=50', { cookie: author.cookie });
    const notice = list.json<{ items: Notification[] }>().items.find((n) => n.type === 'content_moderated')!;
    expect(notice).toMatchObject({ tipId: tip.id, actor: null, isRead: false });
    expect(notice.content).toContain('Cheap tours here');
    expect(notice.content).toContain('hid');
    expect(notice.content).toContain('Spam');
    expect(notice.content).toContain('Advertising a tour company.');
    expectNoReporterIn(list.body);
    // Moderation e-mails default to right away (ADR 090): the job carries the same sentence.
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `email:${author.id}::content_moderated:%`));
    expect(job?.payload).toMatchObject({ userId: author.id, kind: 'moderation', content: notice.content });
    expectNoReporterIn(JSON.stringify(job));

    // Shown again: told too; hidden again the same day: a second e-mail, not swallowed by the first.
    expect((await act({ action: 'unhide', target: 'tip', targetId: tip.id })).statusCode).toBe(200);
    expect((await noticesOf(author.id, 'content_moderated')).at(-1)?.content).toContain('visible again');
  });

  it("respects the author's choices: in-app off writes no notice, e-mail off queues none", async () => {
    const quiet = await t.createMember('user', 'Quinn Quiet');
    const put = await t.call('PUT', '/api/notifications/preferences', {
      cookie: quiet.cookie,
      body: { preferences: [{ kind: 'moderation', inApp: false, email: 'off' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const guide = await insertGuide(t.db, quiet.id);
    await report(r1, 'guide', guide.id);
    expect((await act({ action: 'hide', target: 'guide', targetId: guide.id, reason: 'unsafe' })).statusCode).toBe(200);
    expect(await noticesOf(quiet.id, 'content_moderated')).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(like(jobs.key, `email:${quiet.id}:%`)),
    ).toHaveLength(0);
  });

  it('tells the author of a deleted tip and a suspended member the reason', async () => {
    const tip = await insertTip(t.db, author.id, { title: 'Gone tip' });
    await report(r1, 'tip', tip.id);
    expect((await act({ action: 'delete', target: 'tip', targetId: tip.id, reason: 'wrong_information' })).statusCode).toBe(200);
    const deleted = (await noticesOf(author.id, 'content_moderated')).at(-1)!;
    expect(deleted.content).toContain('deleted your tip "Gone tip"');
    expect(deleted.content).toContain('Wrong information');
    expect(deleted.tipId).toBeNull();

    const bad = await t.createMember('user', 'Sid Suspended');
    await report(r2, 'member', bad.id);
    const res = await act({
      action: 'suspend',
      target: 'member',
      targetId: bad.id,
      reason: 'other',
      note: 'Insults in messages.',
    });
    expect(res.statusCode).toBe(200);
    const suspended = (await noticesOf(bad.id, 'content_moderated')).at(-1)!;
    expect(suspended.content).toContain('suspended your account');
    expect(suspended.content).toContain('Insults in messages.');
    expectNoReporterIn(suspended.content);
  });

  it('keeps each decision for the Handled view: decision, moderator, reason, when; a deleted tip stays', async () => {
    const kept = await insertTip(t.db, author.id, { title: 'Handled then deleted' });
    await report(r1, 'tip', kept.id, 'unsafe');
    await report(r2, 'tip', kept.id, 'spam');
    await act({ action: 'delete', target: 'tip', targetId: kept.id, reason: 'unsafe', note: 'Dangerous advice.' });
    const page = await handled();
    const decision = page.items.find((h) => h.targetId === kept.id)!;
    expect(decision).toMatchObject({
      outcome: 'deleted',
      target: 'tip',
      title: 'Handled then deleted',
      member: { id: author.id, name: 'Ann Author' },
      reason: 'unsafe',
      note: 'Dangerous advice.',
      moderator: { id: adminId },
      reportCount: 2,
    });
    expect([...decision.reportReasons].sort()).toEqual(['spam', 'unsafe']);
    expect(Date.now() - Date.parse(decision.decidedAt)).toBeLessThan(60_000);
    // Newest first, and the dismissal of the first test is there too.
    expect(page.items[0]!.targetId).toBe(kept.id);
    expect(page.items.some((h) => h.outcome === 'dismissed' && h.title === 'Needs a reason' && h.reason === null)).toBe(true);
    // An action that closed no report (unhide, a hide of an unreported tip) is not a handled report.
    const quiet = await insertTip(t.db, author.id, { title: 'Never reported' });
    await act({ action: 'hide', target: 'tip', targetId: quiet.id, reason: 'spam' });
    expect((await handled()).items.some((h) => h.targetId === quiet.id)).toBe(false);
  });

  it('pages the Handled view by keyset without repeats; a bad cursor is 400; admins only', async () => {
    for (let i = 0; i < 4; i++) {
      const tip = await insertTip(t.db, author.id, { title: `Paged ${i}` });
      await report(r1, 'tip', tip.id);
      await act({ action: 'dismiss', target: 'tip', targetId: tip.id });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body = await handled(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items.map((h) => h.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await handled()).items.length);
    expect((await t.call('GET', '/api/admin/reports/handled?cursor=abc', { cookie: admin })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/admin/reports/handled?limit=0', { cookie: admin })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/admin/reports/handled')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/reports/handled', { cookie: r1.cookie })).statusCode).toBe(403);
  });

  it("tells every admin of a thing's first open report, once while it is open, naming no reporter", async () => {
    const second = await t.createMember('admin', 'Ada Second');
    const tip = await insertTip(t.db, author.id, { title: 'Reported twice' });
    const before = (await noticesOf(adminId, 'report_received')).length;
    expect((await report(r1, 'tip', tip.id)).statusCode).toBe(201);
    expect((await report(r2, 'tip', tip.id)).statusCode).toBe(201);
    const mine = await noticesOf(adminId, 'report_received');
    expect(mine).toHaveLength(before + 1);
    expect(mine.at(-1)).toMatchObject({ actorId: null, tipId: null, guideId: null });
    expect(mine.at(-1)!.content).toContain('Reported twice');
    expectNoReporterIn(mine.at(-1)!.content);
    expect(await noticesOf(second.id, 'report_received')).toHaveLength(1);
    // Live in the list as any notice: the admin reads it through the API.
    const list = await t.call('GET', '/api/notifications?filter=unread&limit=50', { cookie: admin });
    expect(list.json<{ items: Notification[] }>().items.some((n) => n.type === 'report_received')).toBe(true);
    // Closed, then reported again: a new case, a new notice.
    await act({ action: 'dismiss', target: 'tip', targetId: tip.id });
    await report(r1, 'tip', tip.id);
    expect(await noticesOf(adminId, 'report_received')).toHaveLength(before + 2);
    // A reported member: named by their name; an admin who reports is not told of their own report.
    const member = await t.createMember('user', 'Mo Reported');
    const secondCookie = second.cookie;
    expect(
      (
        await t.call('POST', '/api/reports', {
          cookie: secondCookie,
          body: { target: 'member', targetId: member.id, reason: 'spam' },
        })
      ).statusCode,
    ).toBe(201);
    expect(await noticesOf(second.id, 'report_received')).toHaveLength(2);
    expect((await noticesOf(adminId, 'report_received')).at(-1)!.content).toContain('Mo Reported');
    // Two first reports at once: one notice (the advisory lock; PostgreSQL's pool races for real).
    const raced = await insertTip(t.db, author.id, { title: 'Raced' });
    const n = (await noticesOf(adminId, 'report_received')).length;
    await Promise.all([report(r1, 'tip', raced.id), report(r2, 'tip', raced.id)]);
    expect(await noticesOf(adminId, 'report_received')).toHaveLength(n + 1);
  });

  it('answers the audit log with names and titles, the admin named, not only ids', async () => {
    const tip = await insertTip(t.db, author.id, { title: 'Audited title' });
    await report(r1, 'tip', tip.id);
    await act({ action: 'hide', target: 'tip', targetId: tip.id, reason: 'spam' });
    const bad = await t.createMember('user', 'Lee Lifted');
    await act({ action: 'suspend', target: 'member', targetId: bad.id, reason: 'harassment' });
    await act({ action: 'lift', target: 'member', targetId: bad.id });
    const gone = await insertTip(t.db, author.id, { title: 'Deleted title' });
    await act({ action: 'delete', target: 'tip', targetId: gone.id, reason: 'spam' });
    const entries = (await t.call('GET', '/api/admin/audit-log?limit=10', { cookie: admin })).json<{ items: AuditEntry[] }>()
      .items;
    const of = (action: string, targetId: string) => entries.find((e) => e.action === action && e.targetId === targetId)!;
    expect(of('tip.hide', tip.id)).toMatchObject({
      targetLabel: 'Audited title',
      isTargetPresent: true,
      actor: { id: adminId, email: 'admin@waymark.test' },
      after: { hidden: true, reason: 'spam' },
    });
    expect(of('tip.hide', tip.id).actor.name).toBeTruthy();
    expect(of('member.lift', bad.id)).toMatchObject({ targetLabel: 'Lee Lifted', isTargetPresent: true });
    expect(of('member.lift', bad.id).targetUsername).toBeTruthy();
    expect(of('tip.delete', gone.id)).toMatchObject({
      targetLabel: 'Deleted title',
      isTargetPresent: false,
      after: { reason: 'spam' },
    });
  });

  it('answers 404 for an unknown thing, whatever the reason', async () => {
    expect((await act({ action: 'hide', target: 'tip', targetId: randomUUID(), reason: 'spam' })).statusCode).toBe(404);
  });
});
