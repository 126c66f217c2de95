/**
 * A few rows in every table a list reads, enough that each list has a second page at limit=2
 * and every branch (own private items, search hits, a country, read and unread) returns rows.
 */
import { inArray } from 'drizzle-orm';
import {
  blocks,
  guides as guidesTable,
  invitationRequests,
  notifications,
  outbox,
  jobs,
  pendingActivations,
  systemMessages,
  tips as tipsTable,
} from '@db/schema';
import { insertGuide, insertLike, insertSave, insertTip } from '../content-fixtures';
import type { TestApp } from '../test-app';

export async function buildScene(t: TestApp) {
  const viewer = await t.createMember('user', 'Vera Viewer');
  const other = await t.createMember('user', 'Otto Other');
  const third = await t.createMember('user', 'Thea Third');
  const fourth = await t.createMember('user', 'Fritz Fourth');
  // Unconnected members, so Discover has a second page.
  for (const name of ['Sam Stranger', 'Sol Stranger', 'Sid Stranger']) await t.createMember('user', name);
  const adminCookie = await t.signInAdmin();

  const tips = [];
  const guides = [];
  for (const [owner, isPrivate] of [
    [viewer, false],
    [viewer, true],
    [other, false],
    [other, true],
  ] as const) {
    for (const country of ['Japan', 'Portugal', 'Japan', 'Japan']) {
      tips.push(await insertTip(t.db, owner.id, { title: `Ramen bar in ${country}`, country, isPrivate }));
      guides.push(await insertGuide(t.db, owner.id, { title: `Ramen walk of ${country}`, countries: [country], isPrivate }));
    }
  }
  // Places for the map's queries: Kyoto or Lisbon, a few metres apart, so cells hold several.
  for (const [i, tip] of tips.entries()) {
    const [latitude, longitude] = tip.country === 'Japan' ? [35.0116, 135.7681] : [38.7223, -9.1393];
    await t.db
      .update(tipsTable)
      .set({ latitude: latitude + i * 0.0001, longitude: longitude + i * 0.0001, locationPrecision: 'exact' })
      .where(inArray(tipsTable.id, [tip.id]));
  }
  const othersPublicTips = tips.filter((x) => x.userId === other.id && !x.isPrivate);
  const othersPublicGuides = guides.filter((x) => x.userId === other.id && !x.isPrivate);
  for (const tip of othersPublicTips) {
    await insertLike(t.db, viewer.id, { tipId: tip.id });
    await insertSave(t.db, viewer.id, { tipId: tip.id });
  }
  for (const guide of othersPublicGuides) {
    await insertLike(t.db, viewer.id, { guideId: guide.id });
    await insertSave(t.db, viewer.id, { guideId: guide.id });
  }
  // insertLike writes the row only: the counts the home's most-liked list ranks by.
  await t.db
    .update(tipsTable)
    .set({ likesCount: 1 })
    .where(
      inArray(
        tipsTable.id,
        othersPublicTips.map((x) => x.id),
      ),
    );
  await t.db
    .update(guidesTable)
    .set({ likesCount: 1 })
    .where(
      inArray(
        guidesTable.id,
        othersPublicGuides.map((x) => x.id),
      ),
    );

  await t.db.insert(notifications).values(
    othersPublicTips.flatMap((tip, i) => [
      { userId: viewer.id, actorId: other.id, type: 'like' as const, content: 'liked your tip', tipId: tip.id, isRead: i === 0 },
      {
        userId: viewer.id,
        actorId: other.id,
        type: 'tip_saved' as const,
        content: 'saved your tip',
        tipId: tip.id,
        isRead: i !== 0,
      },
    ]),
  );

  const connect = async (from: typeof viewer, to: typeof viewer, accept: boolean) => {
    const res = await t.call('POST', '/api/connections', { cookie: from.cookie, body: { addresseeId: to.id } });
    if (res.statusCode !== 201) throw new Error(`connection request failed: ${res.statusCode} ${res.body}`);
    if (accept) await t.call('POST', `/api/connections/${res.json<{ id: string }>().id}/accept`, { cookie: to.cookie });
  };
  await connect(viewer, other, true);
  await connect(third, viewer, false);
  await connect(viewer, fourth, false);
  await connect(other, third, true);
  await connect(other, fourth, true);

  // Issue 25 (ADR 082): connections-only items of the viewer's connection, so Explore's, the
  // feed's and a member list's connections branch return rows; and a member the viewer blocked,
  // so the hidden-authors list is not empty.
  for (const country of ['Japan', 'Portugal', 'Japan']) {
    await insertTip(t.db, other.id, { title: `Ramen stall in ${country}`, country, visibility: 'connections' });
    await insertGuide(t.db, other.id, { title: `Ramen crawl of ${country}`, countries: [country], visibility: 'connections' });
  }
  const blocked = await t.createMember('user', 'Bo Blocked');
  await insertTip(t.db, blocked.id, { title: 'Ramen shop in Japan', country: 'Japan' });
  await t.db.insert(blocks).values({ blockerId: viewer.id, blockedId: blocked.id });

  for (let i = 1; i <= 3; i++) {
    await t.db
      .insert(invitationRequests)
      .values({ fullName: `Invitee ${i}`, email: `invitee${i}@example.com`, country: 'Japan' });
    await t.db.insert(pendingActivations).values({ fullName: `Activee ${i}`, email: `activee${i}@example.com` });
    await t.db.insert(systemMessages).values({ title: `Notice ${i}`, content: 'Maintenance tonight' });
    await t.db.insert(outbox).values({ toAddress: `someone${i}@example.com`, subject: `Mail ${i}`, bodyText: 'Hello' });
    await t.db.insert(jobs).values({ kind: 'notification-email', key: `explain:${i}`, payload: { i } });
  }

  // Blocked members (ADR 086): three of the viewer's, so GET /api/blocks has a second page.
  for (let i = 1; i <= 3; i++) {
    const blocked = await t.createMember('user', `Blocked ${i}`);
    await t.call('POST', '/api/blocks', { cookie: viewer.cookie, body: { memberId: blocked.id } });
  }

  return { viewer, other, adminCookie };
}
