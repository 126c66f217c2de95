/**
 * Issue 19 item 7: repeating an action cannot pile up notifications. At most one unread notice
 * per (recipient, actor, type, item) for connection requests, acceptances, declines, likes and
 * saves; the unread count agrees; no further live event is written for a repeat; concurrent
 * repeats on PostgreSQL keep to one as well (ADR 031).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionEntry } from '@common/schemas/connection';
import type { Tip } from '@common/schemas/tip';
import { events, notifications } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const unreadOf = async (userId: string, type: string) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
  ).filter((n) => n.type === type);
const notificationEvents = async (userId: string) => {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.type, 'notifications')));
  return row?.n ?? 0;
};
const unreadCount = async (m: Member) =>
  (await t.call('GET', '/api/notifications/counts', { cookie: m.cookie })).json<{ unread: number }>().unread;

async function request(from: Member, to: Member): Promise<ConnectionEntry> {
  const res = await t.call('POST', '/api/connections', { cookie: from.cookie, body: { addresseeId: to.id } });
  if (res.statusCode !== 201) throw new Error(`request failed: ${res.statusCode} ${res.body}`);
  return res.json<ConnectionEntry>();
}
async function cancel(from: Member, id: string) {
  const res = await t.call('DELETE', `/api/connections/${id}`, { cookie: from.cookie });
  if (res.statusCode !== 204) throw new Error(`cancel failed: ${res.statusCode} ${res.body}`);
}
async function answer(as: Member, id: string, verb: 'accept' | 'reject') {
  const res = await t.call('POST', `/api/connections/${id}/${verb}`, { cookie: as.cookie });
  if (res.statusCode !== 200) throw new Error(`${verb} failed: ${res.statusCode} ${res.body}`);
}
async function tipOf(member: Member): Promise<string> {
  const body = { title: 'Quiet cove', country: 'Greece', city: 'Naxos', description: 'Swim before nine.' };
  const res = await t.call('POST', '/api/tips', { cookie: member.cookie, body });
  if (res.statusCode !== 201) throw new Error(`tip failed: ${res.statusCode} ${res.body}`);
  return res.json<Tip>().id;
}
const toggle = (m: Member, kind: 'likes' | 'saves', contentId: string) =>
  t.call('POST', `/api/${kind}/toggle`, { cookie: m.cookie, body: { contentType: 'tip', contentId } });

describe('connection requests', () => {
  it('ten request/cancel cycles leave one unread request notice and one live event', async () => {
    const [asker, target] = [await t.createMember('user', 'Ada Asker'), await t.createMember('user', 'Tom Target')];
    const eventsBefore = await notificationEvents(target.id);
    for (let i = 0; i < 10; i += 1) await cancel(asker, (await request(asker, target)).id);
    expect(await unreadOf(target.id, 'connection_request')).toHaveLength(1);
    expect(await unreadCount(target)).toBe(1);
    expect((await notificationEvents(target.id)) - eventsBefore).toBe(1);
  });

  it('request, reject, re-request cycles leave one unread request and one unread decline', async () => {
    const [asker, target] = [await t.createMember('user', 'Rae Retry'), await t.createMember('user', 'Dee Decliner')];
    for (let i = 0; i < 5; i += 1) await answer(target, (await request(asker, target)).id, 'reject');
    expect(await unreadOf(target.id, 'connection_request')).toHaveLength(1);
    expect(await unreadOf(asker.id, 'connection_declined')).toHaveLength(1);
    expect(await unreadCount(target)).toBe(1);
    expect(await unreadCount(asker)).toBe(1);
  });

  it('notifies again once the notice was read', async () => {
    const [asker, target] = [await t.createMember('user', 'Reo Reader'), await t.createMember('user', 'Tia Target')];
    await cancel(asker, (await request(asker, target)).id);
    expect((await t.call('POST', '/api/notifications/read-all', { cookie: target.cookie })).statusCode).toBe(200);
    await request(asker, target);
    expect(await unreadOf(target.id, 'connection_request')).toHaveLength(1);
    const all = await t.db.select().from(notifications).where(eq(notifications.userId, target.id));
    expect(all.filter((n) => n.type === 'connection_request')).toHaveLength(2);
  });

  it('a request from someone else is a notice of its own', async () => {
    const target = await t.createMember('user', 'Pop Popular');
    const [one, two] = [await t.createMember('user', 'One Asker'), await t.createMember('user', 'Two Asker')];
    await request(one, target);
    await request(two, target);
    expect(await unreadOf(target.id, 'connection_request')).toHaveLength(2);
  });
});

describe('likes and saves', () => {
  it('like/unlike ten times: one unread like notice, one live event, count right', async () => {
    const [owner, fan] = [await t.createMember('user', 'Owen Owner'), await t.createMember('user', 'Fern Fan')];
    const tipId = await tipOf(owner);
    const eventsBefore = await notificationEvents(owner.id);
    for (let i = 0; i < 20; i += 1) expect((await toggle(fan, 'likes', tipId)).statusCode).toBe(200);
    expect(await unreadOf(owner.id, 'like')).toHaveLength(1);
    expect(await unreadCount(owner)).toBe(1);
    expect((await notificationEvents(owner.id)) - eventsBefore).toBe(1);
  });

  it('save/unsave ten times: one unread save notice', async () => {
    const [owner, fan] = [await t.createMember('user', 'Sal Saved'), await t.createMember('user', 'Sue Saver')];
    const tipId = await tipOf(owner);
    for (let i = 0; i < 20; i += 1) expect((await toggle(fan, 'saves', tipId)).statusCode).toBe(200);
    expect(await unreadOf(owner.id, 'tip_saved')).toHaveLength(1);
    expect(await unreadCount(owner)).toBe(1);
  });
});

describe.skipIf(!onPostgres)('concurrent repeats (PostgreSQL)', () => {
  it('request/cancel cycles racing from both sides leave at most one unread request per actor', async () => {
    const [a, b] = [await t.createMember('user', 'Race Ann'), await t.createMember('user', 'Race Ben')];
    // Each worker requests and cancels; conflicts (409: the other side's request is pending) are expected.
    const worker = async (from: Member, to: Member) => {
      for (let i = 0; i < 6; i += 1) {
        const res = await t.call('POST', '/api/connections', { cookie: from.cookie, body: { addresseeId: to.id } });
        if (res.statusCode === 201)
          await t.call('DELETE', `/api/connections/${res.json<ConnectionEntry>().id}`, { cookie: from.cookie });
        else expect(res.statusCode).toBe(409);
      }
    };
    await Promise.all([worker(a, b), worker(a, b), worker(b, a), worker(b, a), worker(a, b)]);
    expect((await unreadOf(b.id, 'connection_request')).length).toBeLessThanOrEqual(1);
    expect((await unreadOf(a.id, 'connection_request')).length).toBeLessThanOrEqual(1);
  });

  it('ten members saving one tip at once leave one unread, anonymous save notice', async () => {
    const owner = await t.createMember('user', 'Cora Crowded');
    const tipId = await tipOf(owner);
    const savers = await Promise.all(Array.from({ length: 10 }, (_, i) => t.createMember('user', `Saver ${i}`)));
    const results = await Promise.all(savers.map((s) => toggle(s, 'saves', tipId)));
    expect(results.map((r) => r.statusCode)).toEqual(savers.map(() => 200));
    const unread = await unreadOf(owner.id, 'tip_saved');
    expect(unread).toHaveLength(1);
    expect(unread[0]?.actorId).toBeNull();
  });

  it('a member toggling a like from many tabs at once leaves at most one unread like', async () => {
    const [owner, fan] = [await t.createMember('user', 'Tab Owner'), await t.createMember('user', 'Tab Fan')];
    const tipId = await tipOf(owner);
    await Promise.all(Array.from({ length: 25 }, () => toggle(fan, 'likes', tipId)));
    expect((await unreadOf(owner.id, 'like')).length).toBeLessThanOrEqual(1);
  });
});
