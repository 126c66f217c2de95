import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TEXTS } from '@common/schemas/content';
import type { Tip } from '@common/schemas/tip';
import { guides, likes, notifications, profiles, savedItems, tips } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';

describe('likes and saves', () => {
  let t: TestApp;
  let owner: Member;
  let fan: Member;
  let pending: Member;

  async function createTip(member: Member, overrides: Record<string, unknown> = {}): Promise<string> {
    const body = { title: 'Hidden bakery', country: 'France', city: 'Lyon', description: 'Croissants at 6.', ...overrides };
    const res = await t.call('POST', '/api/tips', { cookie: member.cookie, body });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json<Tip>().id;
  }
  async function createGuide(member: Member, isPrivate = false): Promise<string> {
    const [row] = await t.db
      .insert(guides)
      .values({ userId: member.id, title: 'Three days in Lyon', visibility: isPrivate ? 'private' : 'public' })
      .returning({ id: guides.id });
    if (!row) throw new Error('guide not inserted');
    return row.id;
  }
  const like = (m: Member, contentType: 'tip' | 'guide', contentId: string) =>
    t.call('POST', '/api/likes/toggle', { cookie: m.cookie, body: { contentType, contentId } });
  const save = (m: Member, contentType: 'tip' | 'guide', contentId: string) =>
    t.call('POST', '/api/saves/toggle', { cookie: m.cookie, body: { contentType, contentId } });
  const notificationsOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createMember('user', 'Olivia Owner');
    fan = await t.createMember('user', 'Fiona Fan');
    pending = await t.createMember('pending');
  });
  afterAll(() => t.close());

  it('toggles a like on a tip, moves likes_count and notifies the owner once', async () => {
    const tipId = await createTip(owner);
    const first = await like(fan, 'tip', tipId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ liked: true, likesCount: 1 });
    const detail = await t.call('GET', `/api/tips/${tipId}`, { cookie: fan.cookie });
    expect(detail.json<Tip>()).toMatchObject({ likesCount: 1, viewer: { isOwner: false, hasLiked: true, hasSaved: false } });

    let sent = (await notificationsOf(owner.id)).filter((n) => n.tipId === tipId);
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'like',
        content: 'Fiona Fan liked your tip',
        actorId: fan.id,
        tipId,
        guideId: null,
        isRead: false,
      }),
    ]);

    expect((await like(fan, 'tip', tipId)).json()).toEqual({ liked: false, likesCount: 0 });
    sent = (await notificationsOf(owner.id)).filter((n) => n.tipId === tipId);
    expect(sent).toHaveLength(1); // unlike notifies nobody

    expect((await like(fan, 'tip', tipId)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await notificationsOf(owner.id)).filter((n) => n.tipId === tipId)).toHaveLength(1); // still unread: no repeat

    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, owner.id));
    await like(fan, 'tip', tipId);
    expect((await like(fan, 'tip', tipId)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await notificationsOf(owner.id)).filter((n) => n.tipId === tipId)).toHaveLength(2); // read one: a new like notifies
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, fan.id))).toEqual([]);
  });

  it('likes a guide, counting on guides.likes_count, and names an actor without a name "Someone"', async () => {
    const guideId = await createGuide(owner);
    const nameless = await t.createMember('user', 'Temp');
    await t.db.update(profiles).set({ name: null, username: null }).where(eq(profiles.userId, nameless.id));
    expect((await like(fan, 'guide', guideId)).json()).toEqual({ liked: true, likesCount: 1 });
    expect((await like(nameless, 'guide', guideId)).json()).toEqual({ liked: true, likesCount: 2 });
    const [row] = await t.db.select({ likesCount: guides.likesCount }).from(guides).where(eq(guides.id, guideId));
    expect(row?.likesCount).toBe(2);
    const sent = (await notificationsOf(owner.id))
      .filter((n) => n.guideId === guideId)
      .map((n) => n.content)
      .sort();
    expect(sent).toEqual(['Fiona Fan liked your guide', 'Someone liked your guide']);
  });

  it('toggles a save and notifies the owner with tip_saved / guide_saved, never on unsave', async () => {
    const tipId = await createTip(owner);
    const guideId = await createGuide(owner);
    expect((await save(fan, 'tip', tipId)).json()).toEqual({ saved: true });
    expect((await save(fan, 'guide', guideId)).json()).toEqual({ saved: true });
    expect(
      await t.db
        .select()
        .from(savedItems)
        .where(and(eq(savedItems.userId, fan.id), eq(savedItems.tipId, tipId))),
    ).toHaveLength(1);
    const detail = await t.call('GET', `/api/tips/${tipId}`, { cookie: fan.cookie });
    expect(detail.json<Tip>().viewer.hasSaved).toBe(true);

    const sent = await notificationsOf(owner.id);
    expect(sent.filter((n) => n.tipId === tipId)).toEqual([
      expect.objectContaining({ type: 'tip_saved', content: 'Someone saved your tip', actorId: null }),
    ]);
    expect(sent.filter((n) => n.guideId === guideId)).toEqual([
      expect.objectContaining({ type: 'guide_saved', content: 'Someone saved your guide', actorId: null }),
    ]);

    expect((await save(fan, 'tip', tipId)).json()).toEqual({ saved: false });
    expect(
      await t.db
        .select()
        .from(savedItems)
        .where(and(eq(savedItems.userId, fan.id), eq(savedItems.tipId, tipId))),
    ).toEqual([]);
    expect((await notificationsOf(owner.id)).filter((n) => n.tipId === tipId)).toHaveLength(1);
  });

  it('refuses own content with 403, missing or private content with 404', async () => {
    const tipId = await createTip(owner);
    const guideId = await createGuide(owner);
    const ownLike = await like(owner, 'tip', tipId);
    expect(ownLike.statusCode).toBe(403);
    expect(ownLike.json().message).toBe(CONTENT_TEXTS.cannotLikeOwn);
    const ownSave = await save(owner, 'guide', guideId);
    expect(ownSave.statusCode).toBe(403);
    expect(ownSave.json().message).toBe(CONTENT_TEXTS.cannotSaveOwn);

    const privateGuide = await createGuide(owner, true);
    for (const res of [
      await like(fan, 'tip', randomUUID()),
      await save(fan, 'guide', randomUUID()),
      await like(fan, 'guide', privateGuide),
      await save(fan, 'guide', privateGuide),
      await like(fan, 'guide', tipId), // a tip id is not a guide
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CONTENT_TEXTS.notFound);
    }
    expect(await notificationsOf(owner.id).then((ns) => ns.filter((n) => n.guideId === privateGuide))).toEqual([]);
  });

  it('validates the body and requires a member', async () => {
    const tipId = await createTip(owner);
    const bad = await t.call('POST', '/api/likes/toggle', {
      cookie: fan.cookie,
      body: { contentType: 'photo', contentId: tipId },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.call('POST', '/api/saves/toggle', { cookie: fan.cookie, body: { contentType: 'tip', contentId: 'x' } }))
        .statusCode,
    ).toBe(400);
    expect((await t.call('POST', '/api/likes/toggle', { body: { contentType: 'tip', contentId: tipId } })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/saves/toggle', { body: { contentType: 'tip', contentId: tipId } })).statusCode).toBe(401);
    expect((await like(pending, 'tip', tipId)).statusCode).toBe(403);
    expect((await save(pending, 'tip', tipId)).statusCode).toBe(403);
  });

  it.skipIf(!onPostgres)('keeps likes_count exact under concurrent toggles (D8)', async () => {
    const tipId = await createTip(owner, { title: 'Crowded tip' });
    const members = await Promise.all(Array.from({ length: 10 }, (_, i) => t.createMember('user', `Racer ${i}`)));
    // Each member fires 20 toggles at once, mixed with everyone else's; the first member fires 10
    // more. Then each member fires one more, so every member ends with exactly one like.
    const calls = members.flatMap((m) => Array.from({ length: 20 }, () => like(m, 'tip', tipId)));
    const first = members[0];
    if (!first) throw new Error('no members');
    calls.push(...Array.from({ length: 10 }, () => like(first, 'tip', tipId)));
    const results = await Promise.all(calls.sort(() => Math.random() - 0.5));
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);

    const [row] = await t.db.select({ likesCount: tips.likesCount }).from(tips).where(eq(tips.id, tipId));
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(eq(likes.tipId, tipId));
    expect(row?.likesCount).toBe(count?.n);
    expect(count?.n).toBe(0); // an even number of toggles per member ends unliked

    const last = await Promise.all(members.flatMap((m) => [like(m, 'tip', tipId), like(m, 'tip', tipId), like(m, 'tip', tipId)]));
    expect(last.every((r) => r.statusCode === 200)).toBe(true);
    const [end] = await t.db.select({ likesCount: tips.likesCount }).from(tips).where(eq(tips.id, tipId));
    const [endRows] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(eq(likes.tipId, tipId));
    expect(endRows?.n).toBe(10);
    expect(end?.likesCount).toBe(10);

    // And every like row has at most one unread notification per actor.
    const sent = await t.db
      .select({ actorId: notifications.actorId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.tipId, tipId), eq(notifications.isRead, false)))
      .groupBy(notifications.actorId);
    for (const s of sent) expect(s.n).toBe(1);
    expect(sent).toHaveLength(10);

    // Seven more toggles from one member flip its like off; the count agrees.
    const odd = await Promise.all(Array.from({ length: 7 }, () => like(first, 'tip', tipId)));
    expect(odd.every((r) => r.statusCode === 200)).toBe(true);
    const [after] = await t.db.select({ likesCount: tips.likesCount }).from(tips).where(eq(tips.id, tipId));
    const [rows] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(eq(likes.tipId, tipId));
    expect(after?.likesCount).toBe(rows?.n);
    expect(rows?.n).toBe(9);
  });
});
