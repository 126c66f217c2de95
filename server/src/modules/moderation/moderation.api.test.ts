/**
 * Issue 25: the admin's Reports tab and actions (ADR 088), each written to the audit log
 * (ADR 089), each reporter told the outcome by a `moderation` notification that names no one.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_OUTCOME_NOTICES, type ReportCase } from '@common/schemas/moderation';
import { auditLog, guides, memberSuspensions, notifications, profiles, reports, sessions, tips, users } from '@db/schema';
import { insertGuide, insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('moderation', () => {
  let t: TestApp;
  let admin: string;
  let author: Member;
  let r1: Member;
  let r2: Member;

  // Issue 36: hide, suspend and delete need a reason; these tests give one (decisions.api.test.ts checks it).
  const withReason = (body: { action?: string }) =>
    ['hide', 'suspend', 'delete'].includes(body.action ?? '') ? { reason: 'spam', ...body } : body;
  const act = (body: { action?: string } & Record<string, unknown>, cookie = admin) =>
    t.call('POST', '/api/admin/moderation', { cookie, body: withReason(body) });
  const report = (m: Member, target: string, targetId: string) =>
    t.call('POST', '/api/reports', { cookie: m.cookie, body: { target, targetId, reason: 'spam' } });
  const moderationNotices = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'moderation')));
  const lastAudit = async (action: string) => (await t.db.select().from(auditLog).where(eq(auditLog.action, action))).at(-1);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAdmin();
    author = await t.createMember('user', 'Ann Author');
    r1 = await t.createMember('user', 'Rae One');
    r2 = await t.createMember('user', 'Rob Two');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses visitors (401) and members (403) on every admin route', async () => {
    const routes = [
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/reports/open-count'],
      ['POST', '/api/admin/moderation'],
      ['GET', '/api/admin/audit-log'],
    ] as const;
    const body = { action: 'dismiss', target: 'tip', targetId: randomUUID() };
    for (const [method, url] of routes) {
      expect((await t.call(method, url, { body: method === 'POST' ? body : undefined })).statusCode).toBe(401);
      expect((await t.call(method, url, { cookie: r1.cookie, body: method === 'POST' ? body : undefined })).statusCode).toBe(403);
    }
  });

  it('lists each reported thing once with its reports, in context, and counts it in the badge', async () => {
    const tip = await insertTip(t.db, author.id, { title: 'Fake bakery', visibility: 'connections' });
    // Reported while visible to the reporters, then made connections-only: the admin still sees it.
    await t.db.update(tips).set({ visibility: 'public' }).where(eq(tips.id, tip.id));
    await report(r1, 'tip', tip.id);
    await report(r2, 'tip', tip.id);
    await report(r2, 'tip', tip.id);
    await t.db.update(tips).set({ visibility: 'connections' }).where(eq(tips.id, tip.id));
    const count = await t.call('GET', '/api/admin/reports/open-count', { cookie: admin });
    expect(count.json().open).toBeGreaterThanOrEqual(1);
    const list = await t.call('GET', '/api/admin/reports?limit=50', { cookie: admin });
    expect(list.statusCode).toBe(200);
    const found = list.json<{ items: ReportCase[] }>().items.filter((c) => c.targetId === tip.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      target: 'tip',
      title: 'Fake bakery',
      visibility: 'connections',
      isHidden: false,
      reporterCount: 2,
      member: { id: author.id, name: 'Ann Author' },
    });
    expect(found[0]!.reports).toHaveLength(2);
  });

  it('pages the Reports tab by keyset, each thing once', async () => {
    for (let i = 0; i < 3; i++) await report(r1, 'guide', (await insertGuide(t.db, author.id)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page = await t.call('GET', `/api/admin/reports?limit=2${q}`, { cookie: admin });
      expect(page.statusCode).toBe(200);
      const body = page.json<{ items: ReportCase[]; nextCursor: string | null }>();
      seen.push(...body.items.map((c) => c.targetId));
      cursor = body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await t.call('GET', '/api/admin/reports/open-count', { cookie: admin })).json().open);
    expect((await t.call('GET', '/api/admin/reports?cursor=nonsense', { cookie: admin })).statusCode).toBe(400);
  });

  it('shows a reported member in context: name, bio, and a suspension in force', async () => {
    const member = await t.createMember('user', 'Mel Member');
    await t.db.update(profiles).set({ bio: 'Tours, cheap!' }).where(eq(profiles.userId, member.id));
    const tip = await insertTip(t.db, member.id, { title: 'Tour advert' });
    await report(r1, 'tip', tip.id);
    await report(r2, 'member', member.id);
    // Suspending the tip's author closes the tip's reports; the member's own case stays open.
    expect((await act({ action: 'suspend', target: 'tip', targetId: tip.id })).statusCode).toBe(200);
    const items = (await t.call('GET', '/api/admin/reports?limit=50', { cookie: admin })).json<{ items: ReportCase[] }>().items;
    expect(items.filter((c) => c.targetId === tip.id)).toEqual([]);
    expect(items.find((c) => c.targetId === member.id)).toMatchObject({
      target: 'member',
      title: 'Mel Member',
      excerpt: 'Tours, cheap!',
      member: { id: member.id, name: 'Mel Member' },
      visibility: null,
      isHidden: false,
      suspension: { until: null },
      reporterCount: 1,
      reports: [{ reason: 'spam', reporter: { id: r2.id, name: 'Rob Two' } }],
    });
  });

  it('dismiss closes the reports, tells each reporter without names, and is audited', async () => {
    const tip = await insertTip(t.db, author.id, { title: 'Dismissed tip' });
    await report(r1, 'tip', tip.id);
    const before = (await moderationNotices(r1.id)).length;
    const res = await act({ action: 'dismiss', target: 'tip', targetId: tip.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ closedReports: 1 });
    const notices = await moderationNotices(r1.id);
    expect(notices).toHaveLength(before + 1);
    const notice = notices.at(-1)!;
    expect(notice.content).toBe(REPORT_OUTCOME_NOTICES.dismissed);
    expect(notice.actorId).toBeNull();
    expect(notice.tipId).toBeNull();
    expect(notice.content).not.toContain('Ann');
    const [row] = await t.db.select().from(reports).where(eq(reports.tipId, tip.id));
    expect(row).toMatchObject({ outcome: 'dismissed' });
    expect(await lastAudit('report.dismiss')).toMatchObject({ targetId: tip.id, actorEmail: 'admin@waymark.test' });
    // Nothing open any more: a second dismiss is 404.
    expect((await act({ action: 'dismiss', target: 'tip', targetId: tip.id })).statusCode).toBe(404);
  });

  it('hide and unhide set hidden_at; the item is then hidden from other members', async () => {
    const guide = await insertGuide(t.db, author.id);
    await report(r1, 'guide', guide.id);
    expect((await act({ action: 'hide', target: 'guide', targetId: guide.id })).statusCode).toBe(200);
    const [hidden] = await t.db.select().from(guides).where(eq(guides.id, guide.id));
    expect(hidden?.hiddenAt).not.toBeNull();
    expect(hidden?.isPrivate).toBe(true);
    expect((await moderationNotices(r1.id)).at(-1)?.content).toBe(REPORT_OUTCOME_NOTICES.hidden);
    // Hidden now: another member can no longer report it.
    expect((await report(r2, 'guide', guide.id)).statusCode).toBe(404);
    expect(await lastAudit('guide.hide')).toMatchObject({ before: { hidden: false }, after: { hidden: true } });
    expect((await act({ action: 'unhide', target: 'guide', targetId: guide.id })).statusCode).toBe(200);
    const [shown] = await t.db.select().from(guides).where(eq(guides.id, guide.id));
    expect(shown?.hiddenAt).toBeNull();
    expect(await lastAudit('guide.unhide')).toMatchObject({ before: { hidden: true }, after: { hidden: false } });
    expect((await act({ action: 'hide', target: 'member', targetId: author.id })).statusCode).toBe(400);
    expect((await act({ action: 'hide', target: 'tip', targetId: randomUUID() })).statusCode).toBe(404);
  });

  it('suspend ends the sessions, hides the content, refuses sign-in; lift restores it', async () => {
    const bad = await t.createMember('user', 'Sue Spender');
    const tip = await insertTip(t.db, bad.id);
    await report(r1, 'member', bad.id);
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await act({ action: 'suspend', target: 'member', targetId: bad.id, until })).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, bad.id))).toHaveLength(0);
    expect((await t.call('GET', '/api/auth/me', { cookie: bad.cookie })).statusCode).toBe(401);
    const signIn = await t.call('POST', '/api/auth/sign-in', { body: { email: bad.email, password: bad.password } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toContain('suspended until');
    expect(signIn.cookies.filter((c) => c.value !== '')).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, bad.id))).toHaveLength(0);
    // Content hidden while suspended (hiddenAuthorsOf, db/visibility.ts): not reportable, not in detail.
    expect((await report(r2, 'tip', tip.id)).statusCode).toBe(404);
    expect((await moderationNotices(r1.id)).at(-1)?.content).toBe(REPORT_OUTCOME_NOTICES.suspended);
    expect(await lastAudit('member.suspend')).toMatchObject({ targetId: bad.id, after: { suspended: true, until } });
    const usersList = async () =>
      (await t.call('GET', '/api/admin/users?limit=100', { cookie: admin }))
        .json<{ items: { userId: string; suspension: unknown }[] }>()
        .items.find((u) => u.userId === bad.id);
    expect((await usersList())?.suspension).toEqual({ until });

    expect((await act({ action: 'lift', target: 'member', targetId: bad.id })).statusCode).toBe(200);
    expect(await t.db.select().from(memberSuspensions).where(eq(memberSuspensions.userId, bad.id))).toHaveLength(0);
    expect((await t.signIn(bad.email, bad.password)).length).toBeGreaterThan(0);
    expect((await act({ action: 'lift', target: 'member', targetId: bad.id })).statusCode).toBe(404);
    expect(await lastAudit('member.lift')).toMatchObject({ targetId: bad.id, after: { suspended: false } });
    expect((await usersList())?.suspension).toBeNull();
  });

  it('suspends until lifted, the author of a reported tip; refuses a past date and the admin themself', async () => {
    const bad = await t.createMember('user', 'Tia Tipper');
    const tip = await insertTip(t.db, bad.id);
    const past = await act({ action: 'suspend', target: 'tip', targetId: tip.id, until: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect((await act({ action: 'suspend', target: 'tip', targetId: tip.id, until: null })).statusCode).toBe(200);
    const signIn = await t.call('POST', '/api/auth/sign-in', { body: { email: bad.email, password: bad.password } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toContain('until an admin lifts');
    const [me] = await t.db.select().from(users).where(eq(users.email, 'admin@waymark.test'));
    expect((await act({ action: 'suspend', target: 'member', targetId: me!.id })).statusCode).toBe(400);
    // A wrong password never learns of the suspension.
    expect(
      (await t.call('POST', '/api/auth/sign-in', { body: { email: bad.email, password: 'wrong-password-9' } })).statusCode,
    ).toBe(401);
  });

  it('delete removes the item through its owner path, or the account; reporters are told', async () => {
    const tip = await insertTip(t.db, author.id);
    await report(r1, 'tip', tip.id);
    await report(r2, 'tip', tip.id);
    const res = await act({ action: 'delete', target: 'tip', targetId: tip.id });
    expect(res.json()).toEqual({ closedReports: 2 });
    expect(await t.db.select().from(tips).where(eq(tips.id, tip.id))).toHaveLength(0);
    expect((await moderationNotices(r2.id)).at(-1)?.content).toBe(REPORT_OUTCOME_NOTICES.deleted);
    expect(await lastAudit('tip.delete')).toMatchObject({ targetId: tip.id, before: { authorId: author.id } });

    const gone = await t.createMember('user', 'Gus Gone');
    await report(r1, 'member', gone.id);
    expect((await act({ action: 'delete', target: 'member', targetId: gone.id })).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, gone.id))).toHaveLength(0);
    expect(await lastAudit('member.delete')).toMatchObject({ targetId: gone.id, before: { name: 'Gus Gone' } });
    expect((await act({ action: 'delete', target: 'guide', targetId: randomUUID() })).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    expect((await act({ action: 'explode', target: 'tip', targetId: randomUUID() })).statusCode).toBe(400);
    expect((await act({ action: 'hide', target: 'tip', targetId: 'x' })).statusCode).toBe(400);
    expect((await act({ action: 'suspend', target: 'member', targetId: randomUUID(), until: 'soon' })).statusCode).toBe(400);
  });
});
