import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@common/schemas/notification';
import { notifications, profiles } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
type Page = { items: Notification[]; nextCursor: string | null };

describe('notifications', () => {
  let t: TestApp;
  let pending: Member;

  /** Inserts notifications for `to`, one second apart, oldest first; returns their ids oldest first. */
  async function seed(to: Member, actor: Member | null, contents: string[], isRead = (_i: number) => false): Promise<string[]> {
    const rows = await t.db
      .insert(notifications)
      .values(
        contents.map((content, i) => ({
          userId: to.id,
          actorId: actor?.id ?? null,
          type: 'like' as const,
          content,
          isRead: isRead(i),
          createdAt: sql`now() - make_interval(secs => ${contents.length - i})`,
        })),
      )
      .returning({ id: notifications.id, content: notifications.content });
    return contents.map((c) => rows.find((r) => r.content === c)?.id ?? '');
  }
  const list = (m: Member, query = '') => t.call('GET', `/api/notifications${query}`, { cookie: m.cookie });
  const counts = async (m: Member) => (await t.call('GET', '/api/notifications/counts', { cookie: m.cookie })).json();

  beforeAll(async () => {
    t = await createTestApp();
    pending = await t.createMember('pending', 'Pat Pending');
  });
  afterAll(() => t.close());

  it('refuses anonymous callers (401) and pending accounts (403) on every route', async () => {
    const id = randomUUID();
    const routes: [method: 'GET' | 'POST', url: string][] = [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/counts'],
      ['POST', `/api/notifications/${id}/read`],
      ['POST', `/api/notifications/${id}/unread`],
      ['POST', '/api/notifications/read-all'],
    ];
    for (const [method, url] of routes) {
      expect((await t.call(method, url)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await t.call(method, url, { cookie: pending.cookie })).statusCode, `${method} ${url} pending`).toBe(403);
    }
  });

  it('lists only own notifications newest first, keyset-paged, filtered, with the actor attached', async () => {
    const me = await t.createMember('user', 'Mia Me');
    const actor = await t.createMember('user', 'Art Actor');
    const other = await t.createMember('user', 'Otto Other');
    await t.db
      .update(profiles)
      .set({ username: 'art', profilePictureUrl: '/api/media/a.webp' })
      .where(eq(profiles.userId, actor.id));
    const ids = await seed(me, actor, ['n1', 'n2', 'n3', 'n4', 'n5'], (i) => i % 2 === 0); // n1, n3, n5 read
    await seed(other, actor, ['not mine']);

    const first = await list(me, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json<Page>();
    expect(page1.items.map((n) => n.content)).toEqual(['n5', 'n4']);
    expect(page1.items[0]).toEqual({
      id: ids[4],
      type: 'like',
      content: 'n5',
      tipId: null,
      guideId: null,
      isRead: true,
      createdAt: expect.any(String),
      actor: { id: actor.id, name: 'Art Actor', username: 'art', profilePictureUrl: '/api/media/a.webp' },
    });
    const page2 = (await list(me, `?limit=2&cursor=${page1.nextCursor}`)).json<Page>();
    expect(page2.items.map((n) => n.content)).toEqual(['n3', 'n2']);
    const page3 = (await list(me, `?limit=2&cursor=${page2.nextCursor}`)).json<Page>();
    expect(page3).toEqual({ items: [expect.objectContaining({ content: 'n1' })], nextCursor: null });

    expect((await list(me)).json<Page>().items.map((n) => n.content)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
    expect((await list(me, '?filter=unread')).json<Page>().items.map((n) => n.content)).toEqual(['n4', 'n2']);
    expect((await list(me, '?filter=read')).json<Page>().items.map((n) => n.content)).toEqual(['n5', 'n3', 'n1']);
    expect((await list(me, '?filter=bogus')).statusCode).toBe(400);
    expect((await list(me, '?limit=101')).statusCode).toBe(400);
    expect((await list(me, '?cursor=garbage')).statusCode).toBe(400);
    expect(await counts(me)).toEqual({ all: 5, unread: 2, read: 3 });
  });

  it('attaches a null actor when there is none or it has no profile', async () => {
    const me = await t.createMember('user', 'Nia Null');
    const ghost = await t.createMember('user', 'Gho St');
    await seed(me, null, ['system']);
    await t.db.delete(profiles).where(eq(profiles.userId, ghost.id));
    await seed(me, ghost, ['ghostly']);
    const items = (await list(me)).json<Page>().items;
    expect(items.map((n) => [n.content, n.actor])).toEqual([
      ['ghostly', null],
      ['system', null],
    ]);
  });

  it("marks own notifications read and unread; someone else's answers 403 and stays unchanged", async () => {
    const me = await t.createMember('user', 'Rea Der');
    const other = await t.createMember('user', 'Oth Er');
    const [mine] = await seed(me, other, ['to read']);
    const [theirs] = await seed(other, me, ['theirs']);
    if (!mine || !theirs) throw new Error('not seeded');

    const read = await t.call('POST', `/api/notifications/${mine}/read`, { cookie: me.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json<Notification>()).toMatchObject({ id: mine, isRead: true, actor: { id: other.id, name: 'Oth Er' } });
    expect(await counts(me)).toEqual({ all: 1, unread: 0, read: 1 });
    const unread = await t.call('POST', `/api/notifications/${mine}/unread`, { cookie: me.cookie });
    expect(unread.statusCode).toBe(200);
    expect(unread.json<Notification>().isRead).toBe(false);
    expect(await counts(me)).toEqual({ all: 1, unread: 1, read: 0 });

    for (const action of ['read', 'unread']) {
      expect((await t.call('POST', `/api/notifications/${theirs}/${action}`, { cookie: me.cookie })).statusCode).toBe(403);
      expect((await t.call('POST', `/api/notifications/${randomUUID()}/${action}`, { cookie: me.cookie })).statusCode).toBe(404);
    }
    await t.call('POST', `/api/notifications/${theirs}/read`, { cookie: me.cookie });
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs));
    expect(row?.isRead).toBe(false);
    expect((await t.call('POST', '/api/notifications/not-an-id/read', { cookie: me.cookie })).statusCode).toBe(400);
  });

  it("read-all marks only the caller's unread ones and says how many", async () => {
    const me = await t.createMember('user', 'All Reader');
    const other = await t.createMember('user', 'Not Touched');
    await seed(me, other, ['a', 'b', 'c', 'd'], (i) => i === 0);
    await seed(other, me, ['x', 'y']);
    const res = await t.call('POST', '/api/notifications/read-all', { cookie: me.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    expect(await counts(me)).toEqual({ all: 4, unread: 0, read: 4 });
    expect(await counts(other)).toEqual({ all: 2, unread: 2, read: 0 });
    expect((await t.call('POST', '/api/notifications/read-all', { cookie: me.cookie })).json()).toEqual({ updated: 0 });
  });

  it('shows the connection notifications the connections module writes', async () => {
    const ann = await t.createMember('user', 'Ann Notify');
    const bob = await t.createMember('user', 'Bob Notify');
    const req = await t.call('POST', '/api/connections', { cookie: ann.cookie, body: { addresseeId: bob.id } });
    expect(req.statusCode).toBe(201);
    const items = (await list(bob)).json<Page>().items;
    expect(items).toEqual([
      expect.objectContaining({
        type: 'connection_request',
        content: 'Ann Notify sent you a connection request',
        isRead: false,
        actor: expect.objectContaining({ id: ann.id, name: 'Ann Notify' }),
      }),
    ]);
    expect(await counts(bob)).toEqual({ all: 1, unread: 1, read: 0 });
  });
});
