import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentCard } from '@common/schemas/content';
import { TEXTS } from '@common/texts';
import { connections, guides, profiles, tips } from '@db/schema';
import { insertGuide, insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { encodePopularCursor } from './home-cursor';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
interface Page {
  items: ContentCard[];
  nextCursor: string | null;
}

let t: TestApp;
let me: Member;
let friend: Member;
let otherFriend: Member;
let stranger: Member;
let pending: Member;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function connect(a: Member, b: Member, status: 'accepted' | 'pending' = 'accepted') {
  await t.db.insert(connections).values({ requesterId: a.id, addresseeId: b.id, status });
}

async function get(member: Member, url: string): Promise<Page> {
  const res = await t.call('GET', url, { cookie: member.cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<Page>();
}

async function allPages(member: Member, url: string, limit: number): Promise<ContentCard[]> {
  const items: ContentCard[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i += 1) {
    const page = await get(member, `${url}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}

const setLikes = (table: typeof tips | typeof guides, id: string, n: number) =>
  t.db.update(table).set({ likesCount: n }).where(eq(table.id, id));

beforeAll(async () => {
  t = await createTestApp();
  me = await t.createMember('user', 'Mia Me');
  friend = await t.createMember('user', 'Fred Friend');
  otherFriend = await t.createMember('user', 'Olga Friend');
  stranger = await t.createMember('user', 'Sam Stranger');
  pending = await t.createMember('pending');
  await connect(me, friend);
  await connect(otherFriend, me);
  await connect(me, stranger, 'pending');
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it.each(['/api/home/feed', '/api/home/popular', '/api/home/checklist'])(
    'GET %s is 401 anonymous and 403 pending',
    async (url) => {
      const anonymous = await t.call('GET', url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe(TEXTS.signInRequired);
      const asPending = await t.call('GET', url, { cookie: pending.cookie });
      expect(asPending.statusCode).toBe(403);
      expect(asPending.json().message).toBe(TEXTS.accountPendingActivation);
    },
  );

  it.each(['/api/home/feed', '/api/home/popular'])('GET %s refuses a forged cursor with 400', async (url) => {
    const res = await t.call('GET', `${url}?cursor=${Buffer.from('1|x|y').toString('base64url')}`, { cookie: me.cookie });
    expect(res.statusCode).toBe(400);
  });
});

describe('feed and popular', () => {
  let friendTip: Awaited<ReturnType<typeof insertTip>>;
  let friendPrivateTip: Awaited<ReturnType<typeof insertTip>>;
  let friendGuide: Awaited<ReturnType<typeof insertGuide>>;
  let strangerTip: Awaited<ReturnType<typeof insertTip>>;
  let ownTip: Awaited<ReturnType<typeof insertTip>>;
  const feedIds: string[] = [];

  beforeAll(async () => {
    friendTip = await insertTip(t.db, friend.id, { title: 'Friend public tip', createdAt: daysAgo(1) });
    friendPrivateTip = await insertTip(t.db, friend.id, { title: 'Friend private tip', isPrivate: true, createdAt: daysAgo(1) });
    friendGuide = await insertGuide(t.db, friend.id, { title: 'Friend guide', createdAt: daysAgo(2) });
    await insertGuide(t.db, friend.id, { title: 'Friend private guide', isPrivate: true });
    strangerTip = await insertTip(t.db, stranger.id, { title: 'Stranger tip', createdAt: daysAgo(1) });
    ownTip = await insertTip(t.db, me.id, { title: 'My own tip' });
    // 13 more of the other friend's, some at the same instant, so pages cut through ties.
    const same = daysAgo(3);
    for (let i = 0; i < 13; i += 1) {
      const at = i % 3 === 0 ? same : daysAgo(3 + i);
      const row =
        i % 2 === 0
          ? await insertTip(t.db, otherFriend.id, { title: `Other friend tip ${i}`, createdAt: at })
          : await insertGuide(t.db, otherFriend.id, { title: `Other friend guide ${i}`, createdAt: at });
      feedIds.push(row.id);
    }
    feedIds.push(friendTip.id, friendGuide.id);
  });

  it('the feed holds exactly the connections public items, newest first, across pages', async () => {
    const all = await allPages(me, '/api/home/feed', 4);
    const ids = all.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...feedIds].sort());
    const times = all.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(ids).not.toContain(friendPrivateTip.id);
    expect(ids).not.toContain(strangerTip.id);
    expect(ids).not.toContain(ownTip.id);
    const card = all.find((c) => c.id === friendTip.id);
    expect(card?.author).toMatchObject({ id: friend.id, name: 'Fred Friend' });
  });

  it('the feed is the same from either side of the connection, and empty without connections', async () => {
    const friendsFeed = (await allPages(friend, '/api/home/feed', 50)).map((c) => c.id);
    expect(friendsFeed).toEqual([ownTip.id]);
    const lonely = await t.createMember('user', 'Lonely Member');
    expect(await get(lonely, '/api/home/feed')).toEqual({ items: [], nextCursor: null });
  });

  it('a pending request is no connection', async () => {
    const ids = (await allPages(stranger, '/api/home/feed', 50)).map((c) => c.id);
    expect(ids).not.toContain(ownTip.id);
  });

  it('popular ranks liked public items of the last 30 days, never private ones, across pages', async () => {
    const old = await insertTip(t.db, stranger.id, { title: 'Old but loved', createdAt: daysAgo(31) });
    const hidden = await insertTip(t.db, stranger.id, { title: 'Loved in private', isPrivate: true, createdAt: daysAgo(2) });
    await setLikes(tips, old.id, 100);
    await setLikes(tips, hidden.id, 100);
    await setLikes(tips, strangerTip.id, 7);
    await setLikes(tips, friendTip.id, 5);
    await setLikes(guides, friendGuide.id, 5);
    await setLikes(tips, ownTip.id, 9);
    await setLikes(tips, friendPrivateTip.id, 50);
    const ranked = [ownTip.id, strangerTip.id];
    // Ties of 2 likes across tips and guides, some created at the same instant.
    for (const id of feedIds.slice(0, 8)) {
      await t.db.execute(sql`UPDATE tips SET likes_count = 2 WHERE id = ${id}`);
      await t.db.execute(sql`UPDATE guides SET likes_count = 2 WHERE id = ${id}`);
    }
    const all = await allPages(me, '/api/home/popular', 3);
    const ids = all.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 2)).toEqual(ranked);
    expect(ids.slice(2, 4).sort()).toEqual([friendTip.id, friendGuide.id].sort());
    expect(ids.slice(4).sort()).toEqual(feedIds.slice(0, 8).sort());
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(friendPrivateTip.id);
    const likes = all.map((c) => c.likesCount);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
  });

  it('popular pages keep the window of their first page', async () => {
    const since = daysAgo(40).toISOString();
    const cursor = encodePopularCursor({ likes: 1_000_000, createdAt: new Date().toISOString(), id: friendTip.id, since });
    const page = await get(me, `/api/home/popular?limit=50&cursor=${cursor}`);
    expect(page.items.map((c) => c.title)).toContain('Old but loved');
  });
});

describe('checklist', () => {
  it('follows the four first steps', async () => {
    const fresh = await t.createMember('user', 'Nina New');
    const check = () => t.call('GET', '/api/home/checklist', { cookie: fresh.cookie }).then((r) => r.json());
    expect(await check()).toEqual({
      hasPhoto: false,
      hasCountry: false,
      hasTip: false,
      hasConnection: false,
      hasActivity: false,
    });
    await t.db
      .update(profiles)
      .set({ country: 'Japan', profilePictureUrl: '/api/media/avatars/x/y.webp' })
      .where(eq(profiles.userId, fresh.id));
    // A photo and a country (copied from the invitation) are not activity: still a new member.
    expect(await check()).toEqual({ hasPhoto: true, hasCountry: true, hasTip: false, hasConnection: false, hasActivity: false });
    await insertTip(t.db, fresh.id, { isPrivate: true });
    await connect(stranger, fresh, 'pending');
    expect(await check()).toMatchObject({ hasTip: true, hasConnection: false });
    await t.db.update(connections).set({ status: 'accepted' }).where(eq(connections.addresseeId, fresh.id));
    expect(await check()).toEqual({ hasPhoto: true, hasCountry: true, hasTip: true, hasConnection: true, hasActivity: true });
  });

  /** A like or save of a stranger's public tip, through the API. */
  async function react(member: Member, kind: 'likes' | 'saves') {
    const tip = await insertTip(t.db, stranger.id, { isPrivate: false });
    const res = await t.call('POST', `/api/${kind}/toggle`, {
      cookie: member.cookie,
      body: { contentType: 'tip', contentId: tip.id },
    });
    expect(res.statusCode).toBe(200);
  }

  // Issue 36 item 13: anything a member did makes them a returning member, each kind alone.
  it.each([
    ['a tip', (m: Member) => insertTip(t.db, m.id, { isPrivate: true })],
    ['a guide', (m: Member) => insertGuide(t.db, m.id, { isPrivate: true })],
    ['a like', (m: Member) => react(m, 'likes')],
    ['a save', (m: Member) => react(m, 'saves')],
    ['a request sent', (m: Member) => connect(m, stranger, 'pending')],
    ['a request received', (m: Member) => connect(stranger, m, 'pending')],
  ])('counts %s as activity', async (_, act) => {
    const fresh = await t.createMember('user', 'Nora Newer');
    const check = () => t.call('GET', '/api/home/checklist', { cookie: fresh.cookie }).then((r) => r.json());
    expect(await check()).toMatchObject({ hasActivity: false });
    await act(fresh);
    expect(await check()).toMatchObject({ hasActivity: true });
  });
});
