import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, events, notifications, systemMessages, users } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { type SseStream, openSse } from '@server-test/sse-test-client';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('GET /api/events (live stream)', () => {
  let t: TestApp;
  let base: string;
  let alice: Member;
  let bob: Member;
  const open: SseStream[] = [];

  async function subscribe(member: Member | null, headers: Record<string, string> = {}, query = '') {
    const stream = await openSse(`${base}/api/events${query}`, member ? { cookie: member.cookie, ...headers } : headers);
    open.push(stream);
    return stream;
  }
  async function subscribeReady(member: Member, headers: Record<string, string> = {}) {
    const stream = await subscribe(member, headers);
    const first = await stream.next();
    expect(first).toEqual({ event: 'ready', id: null, data: '{}' });
    return stream;
  }
  async function notify(userId: string, content = 'Someone liked your tip') {
    const [row] = await t.db.insert(notifications).values({ userId, type: 'like', content }).returning({ id: notifications.id });
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await t.createMember('user', 'Alice Live');
    bob = await t.createMember('user', 'Bob Live');
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await t?.close();
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });

  it('opens an event stream whose first event is ready', async () => {
    const stream = await subscribe(alice);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toMatch(/no-store/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(await stream.next()).toEqual({ event: 'ready', id: null, data: '{}' });
    await stream.close();
  });

  it("delivers a notification to its recipient's stream only", async () => {
    const aliceStream = await subscribeReady(alice);
    const bobStream = await subscribeReady(bob);
    const notificationId = await notify(alice.id);
    const event = await aliceStream.next();
    expect(event.event).toBe('notifications');
    expect(Number(event.id)).toBeGreaterThan(0);
    expect(JSON.parse(event.data)).toEqual({ id: notificationId });
    // Bob's next event is the system message below, not Alice's notification.
    const [message] = await t.db.insert(systemMessages).values({ title: 'Hello', content: 'Maintenance tonight' }).returning();
    const forBob = await bobStream.next();
    expect(forBob.event).toBe('system-messages');
    expect(JSON.parse(forBob.data)).toEqual({ id: message!.id });
    // ...and the system message reaches Alice as well.
    expect((await aliceStream.next()).event).toBe('system-messages');
    await Promise.all([aliceStream.close(), bobStream.close()]);
  });

  it('delivers the notification a like writes (POST /api/likes/toggle)', async () => {
    const stream = await subscribeReady(alice);
    const tip = await t.call('POST', '/api/tips', {
      cookie: alice.cookie,
      body: { title: 'Quiet beach', country: 'Portugal', city: 'Lagos', description: 'Go early.' },
    });
    expect(tip.statusCode).toBe(201);
    const like = await t.call('POST', '/api/likes/toggle', {
      cookie: bob.cookie,
      body: { contentType: 'tip', contentId: tip.json<{ id: string }>().id },
    });
    expect(like.statusCode).toBe(200);
    expect((await stream.next()).event).toBe('notifications');
    await stream.close();
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    const stream = await subscribeReady(alice);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(notifications).values({ userId: alice.id, type: 'like', content: 'rolled back' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    const committed = await notify(alice.id, 'committed');
    const event = await stream.next();
    expect(JSON.parse(event.data)).toEqual({ id: committed });
    expect(await stream.quietFor(300)).toBe(true);
    await stream.close();
  });

  it('announces a connection to both parties and mark-all-read once per recipient', async () => {
    const aliceStream = await subscribeReady(alice);
    const bobStream = await subscribeReady(bob);
    const [row] = await t.db.insert(connections).values({ requesterId: alice.id, addresseeId: bob.id }).returning();
    for (const s of [aliceStream, bobStream]) {
      const event = await s.next();
      expect(event.event).toBe('connections');
      expect(JSON.parse(event.data)).toEqual({ id: row!.id });
    }
    await t.db.delete(connections).where(eq(connections.id, row!.id));
    expect((await aliceStream.next()).event).toBe('connections');
    expect((await bobStream.next()).event).toBe('connections');

    await notify(bob.id);
    await notify(bob.id);
    await bobStream.next();
    await bobStream.next();
    await t.db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, bob.id));
    const readAll = await bobStream.next();
    expect(readAll.event).toBe('notifications');
    expect(JSON.parse(readAll.data)).toEqual({ count: 2 });
    expect(await bobStream.quietFor(300)).toBe(true);
    expect(await aliceStream.quietFor(50)).toBe(true);
    await Promise.all([aliceStream.close(), bobStream.close()]);
  });

  it('replays exactly the events missed while disconnected (Last-Event-ID)', async () => {
    const first = await subscribeReady(alice);
    await notify(alice.id, 'before');
    const seen = await first.next();
    const lastId = Number(seen.id);
    await first.close();

    const missed = [await notify(alice.id, 'one'), await notify(alice.id, 'two'), await notify(alice.id, 'three')];
    await notify(bob.id, 'not for alice');

    const again = await subscribeReady(alice, { 'last-event-id': String(lastId) });
    const replayed = [await again.next(), await again.next(), await again.next()];
    expect(replayed.map((e) => JSON.parse(e.data).id)).toEqual(missed);
    expect(replayed.map((e) => e.event)).toEqual(['notifications', 'notifications', 'notifications']);
    const ids = replayed.map((e) => Number(e.id));
    expect(ids.every((id) => id > lastId)).toBe(true);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(await again.quietFor(300)).toBe(true);

    // Live again after the replay, with no duplicates.
    const live = await notify(alice.id, 'live');
    expect(JSON.parse((await again.next()).data)).toEqual({ id: live });
    expect(await again.quietFor(300)).toBe(true);
    await again.close();

    // ?lastEventId= works as well (first connect of a tab that stored the id).
    const byQuery = await subscribe(alice, {}, `?lastEventId=${lastId}`);
    expect((await byQuery.next()).event).toBe('ready');
    expect(JSON.parse((await byQuery.next()).data)).toEqual({ id: missed[0] });
    await byQuery.close();
  });

  it('lets a user with connections and notifications be deleted (cascade writes no event for them)', async () => {
    const carol = await t.createMember('user', 'Carol Gone');
    await t.db.insert(connections).values({ requesterId: carol.id, addresseeId: alice.id });
    await notify(carol.id);
    const stream = await subscribeReady(alice);
    await t.db.delete(users).where(eq(users.id, carol.id));
    expect((await stream.next()).event).toBe('connections');
    const left = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(eq(events.userId, carol.id));
    expect(left[0]!.n).toBe(0);
    await stream.close();
  });

  it('closes open streams when the app closes', async () => {
    // Covered by afterAll: app.close() would wait forever for an open stream otherwise.
    const stream = await subscribeReady(bob);
    expect(stream.status).toBe(200);
  });
});
