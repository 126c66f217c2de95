import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_TEXTS, type BlockedMember } from '@common/schemas/block';
import type { ConnectionEntry } from '@common/schemas/connection';
import type { Profile, ProfileCard } from '@common/schemas/profile';
import { blocks, connections, events, notifications, profiles } from '@db/schema';
import { insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { insertNotification } from '../notifications/notifications.repository';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('blocks', () => {
  let t: TestApp;
  let pending: Member;
  const member = (name: string) => t.createMember('user', name);
  const block = (by: Member, memberId: string) => t.call('POST', '/api/blocks', { cookie: by.cookie, body: { memberId } });
  const unblock = (by: Member, memberId: string) => t.call('DELETE', `/api/blocks/${memberId}`, { cookie: by.cookie });
  const request = (from: Member, to: Member) =>
    t.call('POST', '/api/connections', { cookie: from.cookie, body: { addresseeId: to.id } });
  const get = (by: Member, url: string) => t.call('GET', url, { cookie: by.cookie });

  /** A and B connected (A asked, B accepted); the connection's id. */
  async function connect(a: Member, b: Member): Promise<string> {
    const sent = await request(a, b);
    expect(sent.statusCode).toBe(201);
    const id = sent.json<ConnectionEntry>().id;
    expect((await t.call('POST', `/api/connections/${id}/accept`, { cookie: b.cookie })).statusCode).toBe(200);
    return id;
  }
  const lastEventId = async () => (await t.db.select({ id: events.id }).from(events)).reduce((max, r) => Math.max(max, r.id), 0);
  const connectionEventsSince = (after: number, userIds: string[]) =>
    t.db
      .select({ userId: events.userId, payload: events.payload })
      .from(events)
      .where(and(gt(events.id, after), eq(events.type, 'connections'), inArray(events.userId, userIds)));

  beforeAll(async () => {
    t = await createTestApp();
    pending = await t.createMember('pending', 'Pat Pending');
  });
  afterAll(() => t.close());

  it('refuses anonymous callers (401) and pending accounts (403) on every route', async () => {
    const id = randomUUID();
    const routes: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/api/blocks'],
      ['POST', '/api/blocks', { memberId: id }],
      ['DELETE', `/api/blocks/${id}`],
      ['POST', `/api/connections/${id}/remove`],
    ];
    for (const [method, url, body] of routes) {
      expect((await t.call(method, url, { body })).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await t.call(method, url, { body, cookie: pending.cookie })).statusCode, `${method} ${url} pending`).toBe(403);
    }
  });

  it('refuses bad blocks with a clear message: self 400, bad id 400, unknown or pending 404, twice 409', async () => {
    const ann = await member('Ann Self');
    const bob = await member('Bob Twice');
    const self = await block(ann, ann.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: BLOCK_TEXTS.self });
    expect((await block(ann, 'not-a-uuid')).statusCode).toBe(400);
    expect((await t.call('POST', '/api/blocks', { cookie: ann.cookie, body: {} })).statusCode).toBe(400);
    expect((await block(ann, randomUUID())).json()).toMatchObject({ message: BLOCK_TEXTS.memberNotFound });
    expect((await block(ann, pending.id)).statusCode).toBe(404);
    expect((await block(ann, bob.id)).statusCode).toBe(204);
    const twice = await block(ann, bob.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: BLOCK_TEXTS.alreadyBlocked });
    expect((await unblock(ann, 'nope')).statusCode).toBe(400);
    // Only the blocker lifts a block: Bob has none of his own to lift.
    expect((await unblock(bob, ann.id)).statusCode).toBe(404);
    expect((await unblock(ann, bob.id)).statusCode).toBe(204);
    expect((await unblock(ann, bob.id)).json()).toMatchObject({ message: BLOCK_TEXTS.notBlocked });
  });

  it('ends a connection, names the other only to the blocker, and refuses new requests both ways', async () => {
    const ann = await member('Ann Blocker');
    const bob = await member('Bob Blocked');
    await connect(ann, bob);
    const before = await lastEventId();
    expect((await block(ann, bob.id)).statusCode).toBe(204);

    expect(
      await t.db
        .select()
        .from(connections)
        .where(inArray(connections.requesterId, [ann.id, bob.id])),
    ).toEqual([]);
    const heard = await connectionEventsSince(before, [ann.id, bob.id]);
    expect(heard).toEqual(expect.arrayContaining([{ userId: ann.id, payload: { memberId: bob.id, change: 'blocked' } }]));
    // Bob hears the connection row go (its id, which he had), never who blocked him (issue 36).
    const bobHeard = heard.filter((e) => e.userId === bob.id);
    expect(bobHeard.length).toBeGreaterThan(0);
    expect(JSON.stringify(bobHeard)).not.toContain(ann.id);
    expect(bobHeard.map((e) => e.payload)).not.toContainEqual(expect.objectContaining({ change: 'blocked' }));

    const fromBlocker = await request(ann, bob);
    expect(fromBlocker.statusCode).toBe(409);
    expect(fromBlocker.json()).toMatchObject({ message: BLOCK_TEXTS.unblockFirst });
    expect((await request(bob, ann)).statusCode).toBe(404);
    expect((await get(ann, '/api/connections')).json()).toEqual({ connected: [], received: [], sent: [] });
  });

  it('ends a pending request whichever way it went', async () => {
    const ann = await member('Ann Asked');
    const bob = await member('Bob Asker');
    const sent = await request(bob, ann);
    expect(sent.statusCode).toBe(201);
    expect((await block(ann, bob.id)).statusCode).toBe(204);
    const id = sent.json<ConnectionEntry>().id;
    expect((await t.call('POST', `/api/connections/${id}/accept`, { cookie: ann.cookie })).statusCode).toBe(404);
    expect((await get(bob, '/api/connections')).json<{ sent: unknown[] }>().sent).toEqual([]);
  });

  it('hides each from the other: profile, relation, connections, discover, and counts seen by them', async () => {
    const ann = await member('Ann Hider');
    const bob = await member('Bob Hidden');
    const cat = await member('Cat Common');
    await connect(ann, cat);
    await connect(bob, cat);
    const [bobProfile] = await t.db.select().from(profiles).where(eq(profiles.userId, bob.id));
    expect((await block(bob, ann.id)).statusCode).toBe(204);

    for (const [viewer, other] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      expect((await get(viewer, `/api/profiles/${other.id}`)).statusCode).toBe(404);
      expect((await get(viewer, `/api/users/${other.id}/relation`)).statusCode).toBe(404);
      expect((await get(viewer, `/api/users/${other.id}/connections`)).statusCode).toBe(404);
      const discover = await get(viewer, '/api/connections/discover?limit=100');
      expect(discover.json<{ items: ProfileCard[] }>().items.map((c) => c.userId)).not.toContain(other.id);
      // Cat's connections as the viewer sees them: without the other one, in the list and the count.
      const catsList = (await get(viewer, `/api/users/${cat.id}/connections`)).json<ConnectionEntry[]>();
      expect(catsList.map((e) => e.member.userId)).toEqual([viewer.id]);
      expect((await get(viewer, `/api/profiles/${cat.id}`)).json<Profile>().stats.connectionsCount).toBe(1);
    }
    expect((await get(ann, `/api/profiles/by-username/${bobProfile?.username}`)).statusCode).toBe(404);
    // Cat still sees both.
    expect((await get(cat, `/api/profiles/${cat.id}`)).json<Profile>().stats.connectionsCount).toBe(2);
    expect((await get(cat, `/api/profiles/${bob.id}`)).statusCode).toBe(200);

    expect((await unblock(bob, ann.id)).statusCode).toBe(204);
    expect((await get(ann, `/api/profiles/${bob.id}`)).statusCode).toBe(200);
    expect((await request(ann, bob)).statusCode).toBe(201);
  });

  it("lets no notification pass, and drops the other one's earlier notices from the list and counts", async () => {
    const ann = await member('Ann Notified');
    const bob = await member('Bob Noisy');
    await insertNotification(t.db, { userId: ann.id, actorId: bob.id, type: 'like', content: 'Bob Noisy liked your tip' });
    await insertNotification(t.db, { userId: ann.id, actorId: null, type: 'moderation', content: 'Welcome' });
    expect((await get(ann, '/api/notifications/counts')).json()).toMatchObject({ all: 2, unread: 2 });

    expect((await block(ann, bob.id)).statusCode).toBe(204);
    expect(await insertNotification(t.db, { userId: ann.id, actorId: bob.id, type: 'like', content: 'again' })).toBe(false);
    expect(await insertNotification(t.db, { userId: bob.id, actorId: ann.id, type: 'like', content: 'back' })).toBe(false);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, bob.id))).toEqual([]);
    expect((await get(ann, '/api/notifications/counts')).json()).toMatchObject({ all: 1, unread: 1 });
    for (const filter of ['all', 'unread']) {
      const list = (await get(ann, `/api/notifications?filter=${filter}`)).json<{ items: { content: string }[] }>();
      expect(list.items.map((n) => n.content)).toEqual(['Welcome']);
    }

    // Through a route: Bob's like of Ann's public tip tells her nothing (refused, or written
    // nowhere); the one notice is still the like from before the block.
    const tip = await insertTip(t.db, ann.id, { title: 'Ann public tip' });
    const like = await t.call('POST', '/api/likes/toggle', {
      cookie: bob.cookie,
      body: { contentType: 'tip', contentId: tip.id },
    });
    expect(like.statusCode).toBeLessThan(500);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ann.id), eq(notifications.actorId, bob.id))),
    ).toHaveLength(1);

    expect((await unblock(ann, bob.id)).statusCode).toBe(204);
    expect((await get(ann, '/api/notifications/counts')).json()).toMatchObject({ all: 2, unread: 2 });
  });

  it("lists the caller's Blocked members newest first, by keyset, and no one else's", async () => {
    const ann = await member('Ann Lister');
    const others = [await member('One Blocked'), await member('Two Blocked'), await member('Three Blocked')];
    for (const other of others) expect((await block(ann, other.id)).statusCode).toBe(204);
    await t.db.insert(blocks).values({ blockerId: others[0]!.id, blockedId: ann.id });

    const first = await get(ann, '/api/blocks?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json<{ items: BlockedMember[]; nextCursor: string | null }>();
    const page2 = (await get(ann, `/api/blocks?limit=2&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`)).json<{
      items: BlockedMember[];
      nextCursor: string | null;
    }>();
    expect([...page1.items, ...page2.items].map((m) => m.name)).toEqual(['Three Blocked', 'Two Blocked', 'One Blocked']);
    expect(page2.nextCursor).toBeNull();
    expect(page1.items[0]).toMatchObject({ userId: others[2]!.id, blockedAt: expect.any(String) });
    // One Blocked's list holds Ann only; the lists are the blocker's own.
    expect((await get(others[0]!, '/api/blocks')).json<{ items: BlockedMember[] }>().items.map((m) => m.userId)).toEqual([
      ann.id,
    ]);
    expect((await get(ann, '/api/blocks?limit=0')).statusCode).toBe(400);
  });
});

describe('removing a connection', () => {
  let t: TestApp;
  const member = (name: string) => t.createMember('user', name);
  const remove = (by: { cookie: string }, id: string) => t.call('POST', `/api/connections/${id}/remove`, { cookie: by.cookie });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets either member remove an accepted connection; others 403, unknown 404, pending 409', async () => {
    const ann = await member('Ann Remover');
    const bob = await member('Bob Removed');
    const eve = await member('Eve Outsider');
    const sent = await t.call('POST', '/api/connections', { cookie: ann.cookie, body: { addresseeId: bob.id } });
    const id = sent.json<ConnectionEntry>().id;

    const early = await remove(ann, id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: BLOCK_TEXTS.notAccepted });
    expect((await t.call('POST', `/api/connections/${id}/accept`, { cookie: bob.cookie })).statusCode).toBe(200);

    const outsider = await remove(eve, id);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ message: BLOCK_TEXTS.partiesOnly });
    expect((await remove(ann, randomUUID())).statusCode).toBe(404);
    expect((await remove(ann, 'nope')).statusCode).toBe(400);

    const before = (await t.db.select({ id: events.id }).from(events)).reduce((m, r) => Math.max(m, r.id), 0);
    // The addressee removes it as well as the requester could.
    expect((await remove(bob, id)).statusCode).toBe(204);
    const heard = await t.db
      .select({ userId: events.userId, payload: events.payload })
      .from(events)
      .where(and(gt(events.id, before), eq(events.type, 'connections')));
    expect(heard).toEqual(
      expect.arrayContaining([
        { userId: ann.id, payload: { memberId: bob.id, change: 'removed' } },
        { userId: bob.id, payload: { memberId: ann.id, change: 'removed' } },
        { userId: ann.id, payload: { id } },
      ]),
    );
    expect((await remove(bob, id)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/users/${ann.id}/relation`, { cookie: bob.cookie })).json()).toEqual({
      relation: 'none',
      connectionId: null,
    });
    // Nobody is told, and either may ask again.
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ann.id), eq(notifications.actorId, bob.id))),
    ).toHaveLength(1);
    expect((await t.call('POST', '/api/connections', { cookie: bob.cookie, body: { addresseeId: ann.id } })).statusCode).toBe(
      201,
    );
  });
});
