/** Issue 25: members report tips, guides and members (ADR 088). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_TEXTS } from '@common/schemas/moderation';
import { blocks, connections, reports } from '@db/schema';
import { insertGuide, insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('reporting', () => {
  let t: TestApp;
  let author: Member;
  let reporter: Member;
  let friend: Member;

  const report = (cookie: string | undefined, body: unknown) => t.call('POST', '/api/reports', { cookie, body });

  beforeAll(async () => {
    t = await createTestApp();
    author = await t.createMember('user', 'Ann Author');
    reporter = await t.createMember('user', 'Rey Reporter');
    friend = await t.createMember('user', 'Fay Friend');
    await t.db.insert(connections).values({ requesterId: author.id, addresseeId: friend.id, status: 'accepted' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a visitor (401) and a pending account (403)', async () => {
    const tip = await insertTip(t.db, author.id);
    const body = { target: 'tip', targetId: tip.id, reason: 'spam' };
    expect((await report(undefined, body)).statusCode).toBe(401);
    const pending = await t.createMember('pending', 'Pat Pending');
    expect((await report(pending.cookie, body)).statusCode).toBe(403);
  });

  it('takes a report of a tip, a guide and a member, and counts a repeat once', async () => {
    const tip = await insertTip(t.db, author.id);
    const guide = await insertGuide(t.db, author.id);
    for (const [target, targetId] of [
      ['tip', tip.id],
      ['guide', guide.id],
      ['member', author.id],
    ] as const) {
      const first = await report(reporter.cookie, { target, targetId, reason: 'harassment' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ isDuplicate: false });
      const again = await report(reporter.cookie, { target, targetId, reason: 'spam' });
      expect(again.json()).toEqual({ isDuplicate: true });
    }
    const rows = await t.db.select().from(reports).where(eq(reports.reporterId, reporter.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.reason === 'harassment' && r.outcome === null)).toBe(true);
  });

  it('needs words of its own for "other", shown under the field', async () => {
    const tip = await insertTip(t.db, author.id);
    const res = await report(reporter.cookie, { target: 'tip', targetId: tip.id, reason: 'other', details: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(MODERATION_TEXTS.detailsRequired);
    const ok = await report(reporter.cookie, { target: 'tip', targetId: tip.id, reason: 'other', details: 'Copied from a blog' });
    expect(ok.statusCode).toBe(201);
    const [row] = await t.db.select().from(reports).where(eq(reports.tipId, tip.id));
    expect(row?.details).toBe('Copied from a blog');
  });

  it('refuses reporting yourself or your own content (400)', async () => {
    const own = await insertTip(t.db, reporter.id);
    expect((await report(reporter.cookie, { target: 'tip', targetId: own.id, reason: 'spam' })).statusCode).toBe(400);
    const self = await report(reporter.cookie, { target: 'member', targetId: reporter.id, reason: 'spam' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MODERATION_TEXTS.cannotReportSelf);
  });

  it('only what the reporter can see: private, connections-only, blocked and unknown are 404', async () => {
    const priv = await insertTip(t.db, author.id, { visibility: 'private' });
    const conn = await insertGuide(t.db, author.id, { visibility: 'connections' });
    const unknown = randomUUID();
    for (const [target, targetId] of [
      ['tip', priv.id],
      ['guide', conn.id],
      ['tip', unknown],
      ['member', unknown],
    ] as const) {
      expect((await report(reporter.cookie, { target, targetId, reason: 'spam' })).statusCode).toBe(404);
    }
    // A connection of the author sees the connections-only guide, so may report it.
    expect((await report(friend.cookie, { target: 'guide', targetId: conn.id, reason: 'spam' })).statusCode).toBe(201);
    const blocker = await t.createMember('user', 'Bo Blocker');
    await t.db.insert(blocks).values({ blockerId: author.id, blockedId: blocker.id });
    const pub = await insertTip(t.db, author.id);
    expect((await report(blocker.cookie, { target: 'tip', targetId: pub.id, reason: 'spam' })).statusCode).toBe(404);
    expect((await report(blocker.cookie, { target: 'member', targetId: author.id, reason: 'spam' })).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    expect((await report(reporter.cookie, { target: 'photo', targetId: randomUUID(), reason: 'spam' })).statusCode).toBe(400);
    expect((await report(reporter.cookie, { target: 'tip', targetId: 'x', reason: 'spam' })).statusCode).toBe(400);
    expect((await report(reporter.cookie, { target: 'tip', targetId: randomUUID(), reason: 'rude' })).statusCode).toBe(400);
    const noReason = await report(reporter.cookie, { target: 'tip', targetId: randomUUID() });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(MODERATION_TEXTS.reasonRequired);
  });
});
