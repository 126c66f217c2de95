import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TEXTS, type ConnectionEntry, type MyConnections } from '@common/schemas/connection';
import type { ProfileCard } from '@common/schemas/profile';
import { connections, notifications, profiles, tips } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { CONNECTION_ERRORS } from './connections.service';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';

describe('connections', () => {
  let t: TestApp;
  let pending: Member;

  const member = (name: string) => t.createMember('user', name);
  const request = (from: Member, to: { id: string }) =>
    t.call('POST', '/api/connections', { cookie: from.cookie, body: { addresseeId: to.id } });
  const act = (m: Member, id: string, action: 'accept' | 'reject') =>
    t.call('POST', `/api/connections/${id}/${action}`, { cookie: m.cookie });
  const cancel = (m: Member, id: string) => t.call('DELETE', `/api/connections/${id}`, { cookie: m.cookie });
  const relation = (m: Member, of: { id: string }) => t.call('GET', `/api/users/${of.id}/relation`, { cookie: m.cookie });
  const notificationsOf = (userId: string) =>
    t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);
  const pairRows = (a: string, b: string) =>
    t.db
      .select()
      .from(connections)
      .where(
        or(
          and(eq(connections.requesterId, a), eq(connections.addresseeId, b)),
          and(eq(connections.requesterId, b), eq(connections.addresseeId, a)),
        ),
      );
  async function requested(from: Member, to: Member): Promise<ConnectionEntry> {
    const res = await request(from, to);
    if (res.statusCode !== 201) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
    return res.json<ConnectionEntry>();
  }

  beforeAll(async () => {
    t = await createTestApp();
    pending = await t.createMember('pending', 'Pat Pending');
  });
  afterAll(() => t.close());

  it('refuses anonymous callers (401) and pending accounts (403) on every route', async () => {
    const id = randomUUID();
    const routes: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/api/connections'],
      ['GET', '/api/connections/discover'],
      ['POST', '/api/connections', { addresseeId: id }],
      ['POST', `/api/connections/${id}/accept`],
      ['POST', `/api/connections/${id}/reject`],
      ['DELETE', `/api/connections/${id}`],
      ['GET', `/api/users/${id}/connections`],
      ['GET', `/api/users/${id}/relation`],
    ];
    for (const [method, url, body] of routes) {
      expect((await t.call(method, url, { body })).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await t.call(method, url, { body, cookie: pending.cookie })).statusCode, `${method} ${url} pending`).toBe(403);
    }
  });

  it('sends a request: 201 entry, the addressee notified in the same change, both sides see it', async () => {
    const ann = await member('Ann Asker');
    const bob = await member('Bob Bee');
    const res = await request(ann, bob);
    expect(res.statusCode).toBe(201);
    const entry = res.json<ConnectionEntry>();
    expect(entry).toMatchObject({
      status: 'pending',
      member: { userId: bob.id, name: 'Bob Bee', countriesVisited: [], worldExploredPercent: 0 },
    });

    expect(await notificationsOf(bob.id)).toEqual([
      expect.objectContaining({
        type: 'connection_request',
        content: 'Ann Asker sent you a connection request',
        actorId: ann.id,
        tipId: null,
        guideId: null,
        isRead: false,
      }),
    ]);
    expect(await notificationsOf(ann.id)).toEqual([]);

    expect((await relation(ann, bob)).json()).toEqual({ relation: 'pending_sent', connectionId: entry.id });
    expect((await relation(bob, ann)).json()).toEqual({ relation: 'pending_received', connectionId: entry.id });

    const annList = (await t.call('GET', '/api/connections', { cookie: ann.cookie })).json<MyConnections>();
    expect(annList.sent.map((e) => e.id)).toEqual([entry.id]);
    expect(annList.received).toEqual([]);
    expect(annList.connected).toEqual([]);
    const bobList = (await t.call('GET', '/api/connections', { cookie: bob.cookie })).json<MyConnections>();
    expect(bobList.received).toEqual([
      expect.objectContaining({ id: entry.id, member: expect.objectContaining({ userId: ann.id, name: 'Ann Asker' }) }),
    ]);
    expect(bobList.sent).toEqual([]);
  });

  it('refuses self (400), unknown and pending members (404), and existing pairs (409)', async () => {
    const ann = await member('Ann Again');
    const bob = await member('Bob Again');
    const self = await request(ann, ann);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(CONNECTION_ERRORS.self);
    expect((await request(ann, { id: randomUUID() })).statusCode).toBe(404);
    expect((await request(ann, pending)).statusCode).toBe(404);
    expect((await t.call('POST', '/api/connections', { cookie: ann.cookie, body: { addresseeId: 'nope' } })).statusCode).toBe(
      400,
    );

    const entry = await requested(ann, bob);
    for (const res of [await request(ann, bob), await request(bob, ann)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CONNECTION_TEXTS.alreadySent);
    }
    expect((await act(bob, entry.id, 'accept')).statusCode).toBe(200);
    for (const res of [await request(ann, bob), await request(bob, ann)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CONNECTION_TEXTS.alreadyConnected);
    }
    expect(await pairRows(ann.id, bob.id)).toHaveLength(1);
    expect(await notificationsOf(bob.id)).toHaveLength(1); // refused requests notify nobody
  });

  it('accepts: only the addressee (requester and stranger 403, not pending 409); the requester is notified', async () => {
    const ann = await member('Ann Accept');
    const bob = await member('Bob Accept');
    const eve = await member('Eve Stranger');
    const entry = await requested(ann, bob);

    const byRequester = await act(ann, entry.id, 'accept');
    expect(byRequester.statusCode).toBe(403);
    expect(byRequester.json().message).toBe(CONNECTION_ERRORS.addresseeOnly);
    expect((await act(eve, entry.id, 'accept')).statusCode).toBe(403);
    expect((await act(eve, entry.id, 'reject')).statusCode).toBe(403);
    expect((await act(ann, randomUUID(), 'accept')).statusCode).toBe(404);

    const res = await act(bob, entry.id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json<ConnectionEntry>()).toMatchObject({ id: entry.id, status: 'accepted', member: { userId: ann.id } });
    expect(await notificationsOf(ann.id)).toEqual([
      expect.objectContaining({
        type: 'connection_accepted',
        content: 'Bob Accept accepted your connection request',
        actorId: bob.id,
      }),
    ]);

    for (const again of [await act(bob, entry.id, 'accept'), await act(bob, entry.id, 'reject')]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(CONNECTION_ERRORS.notPending);
    }
    expect((await relation(ann, bob)).json()).toEqual({ relation: 'connected', connectionId: entry.id });
    expect((await relation(bob, ann)).json()).toEqual({ relation: 'connected', connectionId: entry.id });
    const annList = (await t.call('GET', '/api/connections', { cookie: ann.cookie })).json<MyConnections>();
    expect(annList.connected.map((e) => e.member.userId)).toEqual([bob.id]);
    expect(annList.sent).toEqual([]);
  });

  it('rejects (blocked, requester notified); either party may re-request the blocked pair', async () => {
    const ann = await member('Ann Reject');
    const bob = await member('Bob Reject');
    const entry = await requested(ann, bob);
    expect((await act(ann, entry.id, 'reject')).statusCode).toBe(403);
    const res = await act(bob, entry.id, 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json<ConnectionEntry>()).toMatchObject({ id: entry.id, status: 'blocked', member: { userId: ann.id } });
    expect(await notificationsOf(ann.id)).toEqual([
      expect.objectContaining({
        type: 'connection_declined',
        content: 'Bob Reject declined your connection request',
        actorId: bob.id,
      }),
    ]);
    expect((await relation(ann, bob)).json()).toEqual({ relation: 'none', connectionId: null });
    const lists = (await t.call('GET', '/api/connections', { cookie: ann.cookie })).json<MyConnections>();
    expect(lists).toEqual({ connected: [], received: [], sent: [] });

    // The rejecter re-requests: same row, pending, the roles swapped, updated_at moved.
    const [before] = await pairRows(ann.id, bob.id);
    const again = await request(bob, ann);
    expect(again.statusCode).toBe(201);
    expect(again.json<ConnectionEntry>()).toMatchObject({ id: entry.id, status: 'pending', member: { userId: ann.id } });
    const [after] = await pairRows(ann.id, bob.id);
    expect(after).toMatchObject({ id: entry.id, requesterId: bob.id, addresseeId: ann.id, status: 'pending' });
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Infinity);
    expect((await notificationsOf(ann.id)).at(-1)).toMatchObject({
      type: 'connection_request',
      content: 'Bob Reject sent you a connection request',
      actorId: bob.id,
    });
    expect((await relation(ann, bob)).json()).toEqual({ relation: 'pending_received', connectionId: entry.id });

    // Ann rejects in turn; the original requester re-requests.
    expect((await act(ann, entry.id, 'reject')).statusCode).toBe(200);
    expect((await notificationsOf(bob.id)).at(-1)).toMatchObject({
      type: 'connection_declined',
      content: 'Ann Reject declined your connection request',
    });
    const third = await request(ann, bob);
    expect(third.statusCode).toBe(201);
    expect(await pairRows(ann.id, bob.id)).toEqual([
      expect.objectContaining({ id: entry.id, requesterId: ann.id, addresseeId: bob.id, status: 'pending' }),
    ]);
    // Bob has not read Ann's first request: the re-request adds no second unread one (ADR 031).
    const requests = (await notificationsOf(bob.id)).filter((n) => n.type === 'connection_request');
    expect(requests).toEqual([
      expect.objectContaining({ content: 'Ann Reject sent you a connection request', actorId: ann.id, isRead: false }),
    ]);
  });

  it('cancels: only the requester of a pending request (addressee and stranger 403, not pending 409); nobody notified', async () => {
    const ann = await member('Ann Cancel');
    const bob = await member('Bob Cancel');
    const eve = await member('Eve Cancel');
    const entry = await requested(ann, bob);
    const byAddressee = await cancel(bob, entry.id);
    expect(byAddressee.statusCode).toBe(403);
    expect(byAddressee.json().message).toBe(CONNECTION_ERRORS.requesterOnly);
    expect((await cancel(eve, entry.id)).statusCode).toBe(403);
    expect((await cancel(ann, entry.id)).statusCode).toBe(204);
    expect(await pairRows(ann.id, bob.id)).toEqual([]);
    expect((await cancel(ann, entry.id)).statusCode).toBe(404);
    expect(await notificationsOf(ann.id)).toEqual([]);
    expect(await notificationsOf(bob.id)).toHaveLength(1); // only the request

    const accepted = await requested(ann, bob);
    await act(bob, accepted.id, 'accept');
    const late = await cancel(ann, accepted.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CONNECTION_ERRORS.notPending);
  });

  it('names the actor by username, else "Someone"', async () => {
    const ann = await member('Ann Nameless');
    const bob = await member('Bob Target');
    await t.db.update(profiles).set({ name: null, username: 'annie' }).where(eq(profiles.userId, ann.id));
    const first = await requested(ann, bob);
    await t.db.update(profiles).set({ name: null, username: null }).where(eq(profiles.userId, bob.id));
    await act(bob, first.id, 'reject');
    expect((await notificationsOf(bob.id)).map((n) => n.content)).toEqual(['annie sent you a connection request']);
    expect((await notificationsOf(ann.id)).map((n) => n.content)).toEqual(['Someone declined your connection request']);
  });

  it("lists a member's accepted connections to any member, with cards as the viewer sees them", async () => {
    const ann = await member('Ann Cards');
    const bob = await member('Bob Cards');
    const cy = await member('Cy Cards');
    const viewer = await member('Vi Viewer');
    await act(bob, (await requested(ann, bob)).id, 'accept');
    await act(ann, (await requested(cy, ann)).id, 'accept');
    await requested(ann, viewer); // pending: not listed
    await t.db.insert(tips).values([
      { userId: bob.id, title: 'a', country: 'Spain', city: 'x', description: 'd' },
      { userId: bob.id, title: 'b', country: 'France', city: 'x', description: 'd' },
      { userId: bob.id, title: 'c', country: 'Spain', city: 'y', description: 'd' },
      { userId: bob.id, title: 'd', country: 'Japan', city: 'z', description: 'd', visibility: 'private' },
    ]);

    const res = await t.call('GET', `/api/users/${ann.id}/connections`, { cookie: viewer.cookie });
    expect(res.statusCode).toBe(200);
    const list = res.json<ConnectionEntry[]>();
    expect(list.map((e) => e.member.userId).sort()).toEqual([bob.id, cy.id].sort());
    expect(list.every((e) => e.status === 'accepted')).toBe(true);
    const bobCard = list.find((e) => e.member.userId === bob.id)?.member;
    expect(bobCard).toMatchObject({ name: 'Bob Cards', countriesVisited: ['France', 'Spain'], worldExploredPercent: 1 });

    // Bob sees his own private tip's country on his card.
    const own = (await t.call('GET', `/api/users/${ann.id}/connections`, { cookie: bob.cookie })).json<ConnectionEntry[]>();
    expect(own.find((e) => e.member.userId === bob.id)?.member.countriesVisited).toEqual(['France', 'Japan', 'Spain']);

    expect((await t.call('GET', `/api/users/${randomUUID()}/connections`, { cookie: viewer.cookie })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/users/${randomUUID()}/relation`, { cookie: viewer.cookie })).statusCode).toBe(404);
    expect((await relation(viewer, viewer)).json()).toEqual({ relation: 'none', connectionId: null });
    expect((await relation(viewer, cy)).json()).toEqual({ relation: 'none', connectionId: null });
  });

  it('discovers active members with relation none, keyset-paged, never the viewer or pending accounts', async () => {
    const me = await member('Dee Discover');
    const connected = await member('Con Nected');
    const sentTo = await member('Sen Tto');
    const receivedFrom = await member('Rec Eived');
    const blocked = await member('Blo Cked');
    await act(connected, (await requested(me, connected)).id, 'accept');
    await requested(me, sentTo);
    await requested(receivedFrom, me);
    await act(blocked, (await requested(me, blocked)).id, 'reject');

    const seen: ProfileCard[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/connections/discover?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.call('GET', url, { cookie: me.cookie });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: ProfileCard[]; nextCursor: string | null }>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);

    const ids = seen.map((c) => c.userId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(connected.id);
    expect(ids).not.toContain(sentTo.id);
    expect(ids).not.toContain(receivedFrom.id);
    expect(ids).toContain(blocked.id); // a blocked pair's relation is none: it can be re-requested
    const newcomer = await member('New Comer');
    const first = (await t.call('GET', '/api/connections/discover?limit=1', { cookie: me.cookie })).json();
    expect(first.items.map((c: ProfileCard) => c.userId)).toEqual([newcomer.id]); // newest members first
    expect((await t.call('GET', '/api/connections/discover?cursor=garbage', { cookie: me.cookie })).statusCode).toBe(400);
  });

  it.skipIf(!onPostgres)('keeps exactly one row when both members of a pair request at once (D8)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ann = await member(`Ann Race ${round}`);
      const bob = await member(`Bob Race ${round}`);
      const results = await Promise.all([request(ann, bob), request(bob, ann), request(ann, bob), request(bob, ann)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(CONNECTION_TEXTS.alreadySent);
      expect(await pairRows(ann.id, bob.id)).toHaveLength(1);
      const sent = await t.db
        .select()
        .from(notifications)
        .where(and(inArray(notifications.userId, [ann.id, bob.id]), eq(notifications.type, 'connection_request')));
      expect(sent).toHaveLength(1);
    }
    // Both parties re-requesting a blocked pair at once: one wins, the other sees it pending.
    const ann = await member('Ann Blocked Race');
    const bob = await member('Bob Blocked Race');
    await act(bob, (await requested(ann, bob)).id, 'reject');
    const results = await Promise.all([request(ann, bob), request(bob, ann)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await pairRows(ann.id, bob.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
  });
});
