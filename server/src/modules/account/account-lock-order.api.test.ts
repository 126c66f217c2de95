/**
 * An account deletion takes its locks in the order every other write does (the member's guides,
 * then their tips, then the users row), so a like or a guide edit in flight waits for nothing the
 * deletion holds: the deletion waits for it instead of deadlocking with it. The SIGKILL burst test
 * saw ~2 deadlocks per deletion before; each cost a second and a retry, and a third one in a row a
 * 500. PostgreSQL only: PGlite runs one transaction at a time.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@db/rows';
import type { Guide } from '@common/schemas/guide';
import type { Tip } from '@common/schemas/tip';
import type { Executor } from '@db/client';
import { guides, tips, users } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import * as guidesRepo from '../guides/guides.repository';
import { createMediaStorage } from '../media/media-storage';
import * as reactionsRepo from '../reactions/reactions.repository';
import { deleteUserEverywhere } from './account.service';

const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('account deletion and writes in flight', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function memberWithTip(name: string) {
    const member = await t.createMember('user', name);
    const res = await t.call('POST', '/api/tips', {
      cookie: member.cookie,
      body: { title: 'Old harbour', country: 'Portugal', city: 'Porto', description: 'At dusk.' },
    });
    if (res.statusCode !== 201) throw new Error(`tip failed: ${res.statusCode} ${res.body}`);
    return { member, tipId: res.json<Tip>().id };
  }

  async function guideOf(member: { cookie: string }, tipId: string): Promise<string> {
    const res = await t.call('POST', '/api/guides', {
      cookie: member.cookie,
      body: { title: 'Porto', location: 'Porto', countries: ['Portugal'], daysCount: 1, items: [{ dayNumber: 1, tipId }] },
    });
    if (res.statusCode !== 201) throw new Error(`guide failed: ${res.statusCode} ${res.body}`);
    return res.json<Guide>().id;
  }

  /** The writes of a guide edit after its row lock (guides.service update): its tips, its items. */
  async function editItems(tx: Executor, authorId: string, guideId: string, tipId: string) {
    expect(await guidesRepo.lockOwnTips(tx, authorId, [tipId])).toEqual(new Set([tipId]));
    const item = { dayNumber: 1, orderInDay: 0, tipId, customTitle: null, customDescription: null, customPlaceName: null };
    await guidesRepo.replaceGuideItems(tx, guideId, [item]);
  }

  /** Resolves once another backend of this database waits for a lock (the deletion, blocked by us). */
  async function untilSomeoneWaits() {
    for (let i = 0; i < 500; i++) {
      const result = await t.db.execute(sql`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      if (rowsOf<{ n: number }>(result)[0]!.n > 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the deletion never waited for our locks');
  }

  /**
   * Runs `first` in a transaction, starts deleting `userId` and waits until the deletion waits for
   * that transaction, then runs `rest` in it. A deadlock is reported to this transaction at once
   * (its deadlock_timeout is 100 ms, the deletion's 1 s), so a retry here means the orders clashed.
   */
  async function interleave(userId: string, first: (tx: Executor) => Promise<void>, rest: (tx: Executor) => Promise<void>) {
    let attempts = 0;
    let deletion: Promise<boolean> | undefined;
    await t.db.transaction(async (tx) => {
      attempts++;
      if (attempts > 1) throw new Error('the write in flight deadlocked with the deletion');
      await tx.execute(sql`SET LOCAL deadlock_timeout = '100ms'`);
      await first(tx);
      deletion = deleteUserEverywhere(t.db, createMediaStorage(t.config.dataDir), userId);
      await untilSomeoneWaits();
      await rest(tx);
    });
    expect(attempts).toBe(1);
    expect(await deletion).toBe(true);
  }

  it('a like of one of their tips commits, then the deletion goes on', async () => {
    const { member: owner, tipId } = await memberWithTip('Owen Owner');
    const fan = await t.createMember('user', 'Fay Fan');
    await interleave(
      owner.id,
      async (tx) => {
        expect((await reactionsRepo.findTarget(tx, 'tip', tipId, fan.id))?.userId).toBe(owner.id);
      },
      async (tx) => {
        // The like's own writes, in toggleLike's order: the notification's foreign key needs the
        // owner's users row, which the deletion must not hold yet.
        expect(await reactionsRepo.insertLike(tx, fan.id, 'tip', tipId)).toBe(true);
        await reactionsRepo.changeLikesCount(tx, 'tip', tipId, 1);
        const notice = {
          userId: owner.id,
          actorId: fan.id,
          type: 'like',
          content: 'liked',
          contentType: 'tip',
          contentId: tipId,
        } as const;
        expect(await reactionsRepo.notifyOnce(tx, notice)).toBe(true);
      },
    );
    expect(await t.db.select().from(tips).where(eq(tips.id, tipId))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, owner.id))).toEqual([]);
  });

  it('an edit of their guide commits, then the deletion goes on', async () => {
    const { member: author, tipId } = await memberWithTip('Gus Guide');
    const guideId = await guideOf(author, tipId);
    await interleave(
      author.id,
      async (tx) => {
        expect((await guidesRepo.findGuideAccess(tx, guideId, true))?.userId).toBe(author.id);
      },
      (tx) => editItems(tx, author.id, guideId, tipId),
    );
    expect(await t.db.select().from(guides).where(eq(guides.id, guideId))).toEqual([]);
  });

  it("another member's guide edit commits while the deletion takes the member's likes off its counters", async () => {
    const { member: author, tipId } = await memberWithTip('Ada Author');
    const guideId = await guideOf(author, tipId);
    const fan = await t.createMember('user', 'Lee Liker');
    for (const [contentType, contentId] of [
      ['tip', tipId],
      ['guide', guideId],
    ] as const) {
      const res = await t.call('POST', '/api/likes/toggle', { cookie: fan.cookie, body: { contentType, contentId } });
      expect(res.statusCode).toBe(200);
    }
    await interleave(
      fan.id,
      async (tx) => {
        expect((await guidesRepo.findGuideAccess(tx, guideId, true))?.userId).toBe(author.id);
      },
      (tx) => editItems(tx, author.id, guideId, tipId),
    );
    const [tip] = await t.db.select({ likesCount: tips.likesCount }).from(tips).where(eq(tips.id, tipId));
    const [guide] = await t.db.select({ likesCount: guides.likesCount }).from(guides).where(eq(guides.id, guideId));
    expect([tip?.likesCount, guide?.likesCount]).toEqual([0, 0]);
  });
});
