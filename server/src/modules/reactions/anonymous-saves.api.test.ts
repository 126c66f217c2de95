/**
 * Issue 19 item 6: a save is anonymous end to end (ADR 031). The owner's notice names nobody and
 * no answer the owner can get (notification list, mark read, counts, the item itself, the live
 * events written for them) carries the saver's id, name or username; a notice written before
 * this rule (with an actor) is sent without one too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@common/schemas/notification';
import type { Tip } from '@common/schemas/tip';
import { events, guides, notifications, profiles } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let owner: Member;
let saver: Member;
let saverMarks: string[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createMember('user', 'Olga Owner');
  saver = await t.createMember('user', 'Quentin Quietsaver');
  await t.db
    .update(profiles)
    .set({ username: 'quentin_q', profilePictureUrl: '/api/media/avatars/q.webp' })
    .where(eq(profiles.userId, saver.id));
  saverMarks = [saver.id, 'Quentin', 'quentin_q', '/api/media/avatars/q.webp'];
});
afterAll(() => t?.close());

const leaks = (text: string) => saverMarks.filter((m) => text.includes(m));

async function ownersTip(): Promise<string> {
  const res = await t.call('POST', '/api/tips', {
    cookie: owner.cookie,
    body: { title: 'Night market', country: 'Thailand', city: 'Chiang Mai', description: 'Go hungry.' },
  });
  return res.json<Tip>().id;
}

describe('anonymous saves', () => {
  it('the notices of a saved tip and guide carry no actor, in the API and in the database', async () => {
    const tipId = await ownersTip();
    const [guide] = await t.db.insert(guides).values({ userId: owner.id, title: 'Northern loop' }).returning({ id: guides.id });
    for (const [contentType, contentId] of [
      ['tip', tipId],
      ['guide', guide!.id],
    ] as const) {
      const res = await t.call('POST', '/api/saves/toggle', { cookie: saver.cookie, body: { contentType, contentId } });
      expect(res.json()).toEqual({ saved: true });
    }
    const list = await t.call('GET', '/api/notifications', { cookie: owner.cookie });
    const saves = list.json<{ items: Notification[] }>().items.filter((n) => n.type === 'tip_saved' || n.type === 'guide_saved');
    expect(saves.map((n) => [n.type, n.content, n.actor])).toEqual([
      ['guide_saved', 'Someone saved your guide', null],
      ['tip_saved', 'Someone saved your tip', null],
    ]);
    expect(leaks(list.body)).toEqual([]);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(rows.filter((n) => n.type.endsWith('_saved')).map((n) => n.actorId)).toEqual([null, null]);

    const read = await t.call('POST', `/api/notifications/${saves[0]!.id}/read`, { cookie: owner.cookie });
    expect(read.json<Notification>().actor).toBeNull();
    expect(leaks(read.body)).toEqual([]);
    const tip = await t.call('GET', `/api/tips/${tipId}`, { cookie: owner.cookie });
    expect(leaks(tip.body)).toEqual([]);
    const liveEvents = await t.db.select().from(events).where(eq(events.userId, owner.id));
    expect(leaks(JSON.stringify(liveEvents))).toEqual([]);
  });

  it('a save notice stored with an actor (before this rule) is sent without it', async () => {
    const tipId = await ownersTip();
    await t.db
      .insert(notifications)
      .values({ userId: owner.id, actorId: saver.id, type: 'tip_saved', content: 'Someone saved your tip', tipId });
    const list = await t.call('GET', '/api/notifications?filter=unread', { cookie: owner.cookie });
    const legacy = list.json<{ items: Notification[] }>().items.find((n) => n.tipId === tipId);
    expect(legacy).toMatchObject({ type: 'tip_saved', actor: null });
    expect(leaks(list.body)).toEqual([]);
  });

  it("the notice outlives the saver's account, so its disappearance cannot point at them", async () => {
    const tipId = await ownersTip();
    const leaver = await t.createMember('user', 'Lea Leaver');
    expect(
      (await t.call('POST', '/api/saves/toggle', { cookie: leaver.cookie, body: { contentType: 'tip', contentId: tipId } }))
        .statusCode,
    ).toBe(200);
    expect((await t.call('DELETE', '/api/account', { cookie: leaver.cookie })).statusCode).toBe(204);
    const rows = await t.db.select().from(notifications).where(eq(notifications.tipId, tipId));
    expect(rows.map((n) => [n.type, n.actorId])).toEqual([['tip_saved', null]]);
  });

  it('likes still name their actor (only saves are anonymous)', async () => {
    const tipId = await ownersTip();
    expect(
      (await t.call('POST', '/api/likes/toggle', { cookie: saver.cookie, body: { contentType: 'tip', contentId: tipId } }))
        .statusCode,
    ).toBe(200);
    const items = (await t.call('GET', '/api/notifications', { cookie: owner.cookie })).json<{ items: Notification[] }>().items;
    expect(items.find((n) => n.tipId === tipId && n.type === 'like')?.actor?.id).toBe(saver.id);
  });
});
