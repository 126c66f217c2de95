/**
 * "Download my data" and issue 25 (ADR 080, 088, 090): the export holds the member's notification
 * choices, the members they blocked, the reports they made with their outcome, and their items'
 * visibility and hidden state; it never holds who blocked them, reports about them, nor who
 * handled a report. Both databases.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExportStart } from '@common/schemas/data-export';
import type { Guide } from '@common/schemas/guide';
import type { NotificationPreferences } from '@common/schemas/notification-preferences';
import type { Tip } from '@common/schemas/tip';
import { profiles } from '@db/schema';
import { ADMIN, type TestApp, createTestApp } from '@server-test/test-app';
import { type ZipEntry, jsonLinesOf, jsonOf, unzip } from '@server-test/unzip';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: string;
let adminId: string;
let alice: Member;
let bob: Member;
let carol: Member;
let dave: Member;
let daveTip: Tip;
let carolGuide: Guide;
let aliceTip: Tip;
let aliceShared: Tip;
let aliceEntries: ZipEntry[];
let daveEntries: ZipEntry[];

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return done;
};
const post = (cookie: string, url: string, body: unknown) => t.call('POST', url, { cookie, body });
const report = (m: Member, target: string, targetId: string, reason = 'spam', details?: string) =>
  ok(post(m.cookie, '/api/reports', { target, targetId, reason, details }), 201);

async function exportEntries(member: Member): Promise<ZipEntry[]> {
  const start = await ok(post(member.cookie, '/api/account/export', {}), 201);
  const res = await t.call('GET', JSON.parse(start.body).url as DataExportStart['url'], { cookie: member.cookie });
  expect(res.statusCode).toBe(200);
  return unzip(res.rawPayload);
}
const usernameOf = async (m: Member) =>
  (await t.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, m.id)))[0]?.username;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  adminId = (await t.call('GET', '/api/auth/me', { cookie: admin })).json<{ id: string }>().id;
  alice = await t.createMember('user', 'Alice Exporter');
  bob = await t.createMember('user', 'Bob Blocked');
  carol = await t.createMember('user', 'Carol Blocker');
  dave = await t.createMember('user', 'Dave Reported');
  const tipBody = { description: 'Worth it.', country: 'Portugal', city: 'Lisbon' };
  daveTip = JSON.parse((await ok(post(dave.cookie, '/api/tips', { title: 'Dave spam tip', ...tipBody }), 201)).body) as Tip;
  carolGuide = JSON.parse(
    (await ok(post(carol.cookie, '/api/guides', { title: 'Carol trip', countries: ['Spain'], daysCount: 1, items: [] }), 201))
      .body,
  ) as Guide;
  aliceTip = JSON.parse((await ok(post(alice.cookie, '/api/tips', { title: 'Alice public tip', ...tipBody }), 201)).body) as Tip;
  aliceShared = JSON.parse(
    (await ok(post(alice.cookie, '/api/tips', { title: 'Alice shared tip', visibility: 'connections', ...tipBody }), 201)).body,
  ) as Tip;

  await ok(
    t.call('PUT', '/api/notifications/preferences', {
      cookie: alice.cookie,
      body: {
        preferences: [
          { kind: 'likes', inApp: false, email: 'off' },
          { kind: 'system_messages', inApp: true, email: 'daily' },
        ],
      },
    }),
  );
  // Alice's reports: Dave's tip (dismissed by an admin), Carol's guide (open), then Dave himself.
  await report(alice, 'tip', daveTip.id, 'other', 'Looks made up to me');
  await ok(post(admin, '/api/admin/moderation', { action: 'dismiss', target: 'tip', targetId: daveTip.id }));
  await report(alice, 'guide', carolGuide.id, 'wrong_information');
  await report(alice, 'member', dave.id, 'harassment');
  // Someone reports Alice and her tip, and an admin hides the tip: none of it is Alice's to see but the hidden flag.
  await report(dave, 'member', alice.id, 'other', 'Dave secret complaint about Alice');
  await report(dave, 'tip', aliceTip.id);
  await ok(post(admin, '/api/admin/moderation', { action: 'hide', target: 'tip', targetId: aliceTip.id, reason: 'spam' }));
  // Alice blocked Bob; Carol blocked Alice (after Alice reported her guide).
  await ok(post(alice.cookie, '/api/blocks', { memberId: bob.id }), 204);
  await ok(post(carol.cookie, '/api/blocks', { memberId: alice.id }), 204);

  aliceEntries = await exportEntries(alice);
  daveEntries = await exportEntries(dave);
}, 120_000);
afterAll(() => t?.close());

describe('the export and issue 25', () => {
  it('notification-choices.json: every kind as the settings answer it, defaults included', async () => {
    const settings = await t.call('GET', '/api/notifications/preferences', { cookie: alice.cookie });
    const exported = jsonOf<NotificationPreferences>(aliceEntries, 'notification-choices.json');
    expect(exported).toEqual(settings.json());
    expect(exported.preferences.find((p) => p.kind === 'likes')).toEqual({ kind: 'likes', inApp: false, email: 'off' });
    expect(exported.preferences.find((p) => p.kind === 'moderation')).toEqual({
      kind: 'moderation',
      inApp: true,
      email: 'immediate',
    });
  });

  it('blocks.jsonl: the members she blocked, by username and name; not who blocked her', async () => {
    const blocks = jsonLinesOf<{ member: { username: string; name: string }; createdAt: string }>(aliceEntries, 'blocks.jsonl');
    expect(blocks.map((b) => b.member)).toEqual([{ username: await usernameOf(bob), name: 'Bob Blocked' }]);
    expect(Object.keys(blocks[0]!).sort()).toEqual(['createdAt', 'member']);
    const text = aliceEntries.find((e) => e.name === 'blocks.jsonl')!.data.toString();
    for (const secret of [bob.id, bob.email, carol.id, 'Carol Blocker']) expect(text).not.toContain(secret);
  });

  it('reports.jsonl: her reports, newest first, with their outcome; never who handled them', async () => {
    const rows = jsonLinesOf<Record<string, unknown>>(aliceEntries, 'reports.jsonl');
    expect(rows.map((r) => ({ about: r.about, reason: r.reason, details: r.details, outcome: r.outcome }))).toEqual([
      {
        about: { kind: 'member', username: await usernameOf(dave), name: 'Dave Reported' },
        reason: 'harassment',
        details: null,
        outcome: null,
      },
      // Carol blocked her since: the guide's title is no longer hers to see.
      {
        about: { kind: 'guide', id: carolGuide.id, title: null, pageUrl: `http://waymark.test/view-guide/${carolGuide.id}` },
        reason: 'wrong_information',
        details: null,
        outcome: null,
      },
      {
        about: { kind: 'tip', id: daveTip.id, title: 'Dave spam tip', pageUrl: `http://waymark.test/view-tip/${daveTip.id}` },
        reason: 'other',
        details: 'Looks made up to me',
        outcome: 'dismissed',
      },
    ]);
    expect(typeof rows[2]!.closedAt).toBe('string');
    expect(rows[0]!.closedAt).toBeNull();
    expect(Object.keys(rows[2]!).sort()).toEqual(['about', 'closedAt', 'createdAt', 'details', 'outcome', 'reason']);
  });

  it('holds nothing of the reports about her, nor the admins who acted', () => {
    const all = aliceEntries
      .filter((e) => !e.name.startsWith('photos/'))
      .map((e) => e.data.toString())
      .join('\n');
    for (const secret of ['Dave secret complaint', dave.id, dave.email, adminId, ADMIN.email]) expect(all).not.toContain(secret);
    // Dave's own export has his report about her.
    const daves = jsonLinesOf<{ about: { kind: string; username?: string }; details: string | null }>(
      daveEntries,
      'reports.jsonl',
    );
    expect(daves.map((r) => r.details)).toContain('Dave secret complaint about Alice');
  });

  it("tips.jsonl: each tip's visibility, and whether a moderator hides it", () => {
    const tips = jsonLinesOf<{ id: string; visibility: string; isHidden: boolean; isPrivate: boolean }>(
      aliceEntries,
      'tips.jsonl',
    );
    expect(tips.find((r) => r.id === aliceTip.id)).toMatchObject({ visibility: 'public', isHidden: true, isPrivate: true });
    expect(tips.find((r) => r.id === aliceShared.id)).toMatchObject({ visibility: 'connections', isHidden: false });
  });
});
