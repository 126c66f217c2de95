/**
 * "Download my data" (issue 24, ADR 080): POST /api/account/export and GET
 * /api/account/export/:ticket, on PGlite and PostgreSQL. The zip is read back with yauzl.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATA_EXPORT_TEXTS, type DataExportStart } from '@common/schemas/data-export';
import type { Guide } from '@common/schemas/guide';
import type { Tip } from '@common/schemas/tip';
import { invitationRequests, profiles } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { type ZipEntry, jsonLinesOf, jsonOf, unzip } from '@server-test/unzip';
import { parseMediaUrl } from '../media/media-storage';
import { multipart, pngImage, uploadTipPhotos } from '@server-test/test-uploads';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let alice: Member;
let bob: Member;
let pending: Member;
let entries: ZipEntry[];
let download: { headers: Record<string, unknown>; body: Buffer };
const tip: Record<string, Tip> = {};
let guide: Guide;
let bobSecretTip: Tip;
let bobGuideId: string;
let tipPhotos: string[];
let avatarUrl: string;

const BOB_SECRET = 'Bob Zubrowka hideaway';

async function createTip(member: Member, body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/tips', {
    cookie: member.cookie,
    body: { title: 'A tip', description: 'Worth it.', country: 'Portugal', city: 'Lisbon', ...body },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<Tip>();
}

const toggle = (member: Member, kind: 'likes' | 'saves', contentType: 'tip' | 'guide', contentId: string) =>
  t.call('POST', `/api/${kind}/toggle`, { cookie: member.cookie, body: { contentType, contentId } });

/** Starts an export as `member` and reads the zip through app.inject. */
async function exportOf(member: Member) {
  const start = await t.call('POST', '/api/account/export', { cookie: member.cookie });
  expect(start.statusCode).toBe(201);
  const { url, fileName } = start.json<DataExportStart>();
  const res = await t.call('GET', url, { cookie: member.cookie });
  expect(res.statusCode).toBe(200);
  return { fileName, headers: res.headers, body: res.rawPayload };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createMember('user', 'Alice Exporter');
  bob = await t.createMember('user', 'Bob Neighbour');
  pending = await t.createMember('pending');

  tipPhotos = await uploadTipPhotos(t, alice.cookie, 2);
  tip.photo = await createTip(alice, { title: 'Tram 28 at dawn', photoUrls: tipPhotos, tags: ['tram'] });
  tip.secret = await createTip(alice, { title: 'My own secret tasca', isPrivate: true });
  const avatarBody = multipart([{ data: await pngImage(), filename: 'me.png', contentType: 'image/png', field: 'avatar' }]);
  const avatar = await t.call('POST', '/api/profiles/me/avatar', { cookie: alice.cookie, ...avatarBody });
  expect(avatar.statusCode, avatar.body).toBe(200);
  avatarUrl = (await t.db.select().from(profiles).where(eq(profiles.userId, alice.id)))[0]?.profilePictureUrl ?? '';
  const created = await t.call('POST', '/api/guides', {
    cookie: alice.cookie,
    body: {
      title: 'Two days in Lisbon',
      countries: ['Portugal'],
      daysCount: 2,
      items: [
        { dayNumber: 1, tipId: tip.photo.id },
        { dayNumber: 1, customTitle: 'Lunch by the river', customPlaceName: 'Cais do Sodré' },
        { dayNumber: 2, tipId: tip.secret.id },
      ],
    },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  guide = created.json<Guide>();

  // Bob's content, and his reactions to Alice's (her notifications).
  tip.bobs = await createTip(bob, { title: 'Bob public viewpoint' });
  bobSecretTip = await createTip(bob, { title: BOB_SECRET, isPrivate: true });
  for (const [kind, type, id] of [
    ['likes', 'tip', tip.photo.id],
    ['saves', 'guide', guide.id],
  ] as const) {
    expect((await toggle(bob, kind, type, id)).statusCode).toBe(200);
  }
  expect((await toggle(alice, 'likes', 'tip', tip.bobs.id)).statusCode).toBe(200);
  expect((await toggle(alice, 'saves', 'tip', tip.bobs.id)).statusCode).toBe(200);
  const bobsGuide = await t.call('POST', '/api/guides', {
    cookie: bob.cookie,
    body: { title: 'Bob weekend', countries: ['Spain'], daysCount: 1, items: [] },
  });
  if (bobsGuide.statusCode !== 201) throw new Error(bobsGuide.body);
  bobGuideId = bobsGuide.json<Guide>().id;
  expect((await toggle(alice, 'likes', 'guide', bobGuideId)).statusCode).toBe(200);
  const request = await t.call('POST', '/api/connections', { cookie: alice.cookie, body: { addresseeId: bob.id } });
  expect(request.statusCode).toBe(201);
  const accept = await t.call('POST', `/api/connections/${request.json<{ id: string }>().id}/accept`, { cookie: bob.cookie });
  expect(accept.statusCode).toBe(200);
  // Matched as everywhere: by the address, in any case.
  await t.db.insert(invitationRequests).values({
    fullName: 'Alice Exporter',
    email: alice.email.toUpperCase(),
    country: 'Portugal',
    howDidYouKnow: 'friend',
    aboutYourself: 'I travel slowly and write down every small place that made a day worth it.',
  });

  download = await exportOf(alice);
  entries = await unzip(download.body);
}, 120_000);

afterAll(() => t.close());

describe('the zip', () => {
  it('is an attachment named after the member and the day, never cached', async () => {
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, alice.id));
    const day = new Date().toISOString().slice(0, 10);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="waymark-${profile?.username}-${day}.zip"`);
    expect(download.headers['cache-control']).toBe('no-store');
  });

  it('holds the README, the JSON files and the photos, in that order', () => {
    const names = entries.map((e) => e.name);
    expect(names.slice(0, 12)).toEqual([
      'README.txt',
      'profile.json',
      'invitation-request.json',
      'tips.jsonl',
      'guides.jsonl',
      'likes.jsonl',
      'saves.jsonl',
      'connections.jsonl',
      'notifications.jsonl',
      'notification-choices.json',
      'blocks.jsonl',
      'reports.jsonl',
    ]);
    expect(names.slice(12).every((n) => n.startsWith('photos/'))).toBe(true);
    expect(entries[0]?.data.toString()).toContain('JSON Lines');
    expect(entries[0]?.data.toString()).toContain('largest there is');
  });

  it('profile.json: the account with its e-mail, role and creation, and the profile', () => {
    const profile = jsonOf<{ account: Record<string, unknown>; profile: Record<string, unknown> }>(entries, 'profile.json');
    expect(profile.account).toMatchObject({ id: alice.id, email: alice.email, role: 'user' });
    expect(typeof profile.account.createdAt).toBe('string');
    expect(profile.profile).toMatchObject({ name: 'Alice Exporter' });
    expect(profile.profile.picture).toEqual({ url: avatarUrl, file: `photos/avatars/${parseMediaUrl(avatarUrl)?.file}` });
  });

  it('invitation-request.json: the request made with her address', () => {
    expect(jsonOf(entries, 'invitation-request.json')).toMatchObject({ fullName: 'Alice Exporter', status: 'pending' });
  });

  it('tips.jsonl: every tip of hers, private ones too, with its photos in the zip', () => {
    const tips = jsonLinesOf<{ id: string; title: string; photos: { url: string; file: string }[]; isPrivate: boolean }>(
      entries,
      'tips.jsonl',
    );
    expect(tips.map((r) => r.title).sort()).toEqual(['My own secret tasca', 'Tram 28 at dawn']);
    const withPhotos = tips.find((r) => r.id === tip.photo?.id);
    expect(withPhotos?.photos.map((p) => p.url)).toEqual(tipPhotos);
    for (const photo of withPhotos?.photos ?? []) expect(entries.some((e) => e.name === photo.file)).toBe(true);
    expect(tips.find((r) => r.id === tip.secret?.id)?.isPrivate).toBe(true);
  });

  it('the photo files are the stored files, byte for byte', async () => {
    for (const url of [...tipPhotos, avatarUrl]) {
      const ref = parseMediaUrl(url);
      if (!ref) throw new Error(url);
      const stored = await readFile(`${t.config.dataDir}/uploads/${ref.bucket}/${ref.userId}/${ref.file}`);
      expect(entries.find((e) => e.name === `photos/${ref.bucket}/${ref.file}`)?.data.equals(stored)).toBe(true);
    }
    // Each file once, and none of another member's.
    const photoNames = entries.filter((e) => e.name.startsWith('photos/')).map((e) => e.name);
    expect(photoNames).toHaveLength(3);
    expect(new Set(photoNames).size).toBe(3);
  });

  it('guides.jsonl: each guide with its itinerary day by day', () => {
    const [record] = jsonLinesOf<{ id: string; days: { day: number; items: { title: string; place: string | null }[] }[] }>(
      entries,
      'guides.jsonl',
    );
    expect(record?.id).toBe(guide.id);
    expect(record?.days).toEqual([
      {
        day: 1,
        items: [
          { title: 'Tram 28 at dawn', place: 'Lisbon, Portugal', description: 'Worth it.', tipId: tip.photo?.id },
          { title: 'Lunch by the river', place: 'Cais do Sodré', description: null, tipId: null },
        ],
      },
      {
        day: 2,
        items: [{ title: 'My own secret tasca', place: 'Lisbon, Portugal', description: 'Worth it.', tipId: tip.secret?.id }],
      },
    ]);
  });

  it('likes.jsonl and saves.jsonl: what she liked and saved', () => {
    const likes = jsonLinesOf<{ kind: string; itemId: string; title: string }>(entries, 'likes.jsonl');
    expect(likes.map(({ kind, itemId, title }) => ({ kind, itemId, title }))).toEqual([
      { kind: 'tip', itemId: tip.bobs?.id, title: 'Bob public viewpoint' },
      { kind: 'guide', itemId: bobGuideId, title: 'Bob weekend' },
    ]);
    expect(jsonLinesOf(entries, 'saves.jsonl')).toMatchObject([
      { kind: 'tip', itemId: tip.bobs?.id, title: 'Bob public viewpoint' },
    ]);
  });

  it('connections.jsonl and notifications.jsonl name other members by username and name only', async () => {
    const [bobProfile] = await t.db.select().from(profiles).where(eq(profiles.userId, bob.id));
    const bobPublic = { username: bobProfile?.username, name: 'Bob Neighbour' };
    expect(jsonLinesOf(entries, 'connections.jsonl')).toMatchObject([
      { member: bobPublic, direction: 'sent', status: 'accepted' },
    ]);
    const notifications = jsonLinesOf<{ type: string; from: unknown }>(entries, 'notifications.jsonl');
    expect(notifications.map((n) => n.type).sort()).toEqual(['connection_accepted', 'guide_saved', 'like']);
    // Saves stay anonymous (ADR 031): the export tells no more than the notification did.
    for (const n of notifications) expect(n.from).toEqual(n.type === 'guide_saved' ? null : bobPublic);
  });

  it("holds nothing of another member's private data", () => {
    const text = entries.map((e) => e.data.toString('latin1')).join('\n');
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(bob.id);
    expect(text).not.toContain(BOB_SECRET);
    expect(text).not.toContain(bobSecretTip.id);
  });
});

describe('refusals', () => {
  const start = (member?: Member) => t.call('POST', '/api/account/export', { cookie: member?.cookie });

  it('401 signed out, 403 pending, for both the start and the download', async () => {
    expect((await start()).statusCode).toBe(401);
    expect((await start(pending)).statusCode).toBe(403);
    const ticket = (await start(alice)).json<DataExportStart>().url;
    expect((await t.call('GET', ticket)).statusCode).toBe(401);
    expect((await t.call('GET', ticket, { cookie: pending.cookie })).statusCode).toBe(403);
  });

  it("another member's ticket, a used one and a forged one open nothing (404, JSON)", async () => {
    const { url } = (await start(alice)).json<DataExportStart>();
    const stolen = await t.call('GET', url, { cookie: bob.cookie });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ message: DATA_EXPORT_TEXTS.ticketGone });
    expect((await t.call('GET', url, { cookie: alice.cookie })).statusCode).toBe(200);
    // Once the whole zip has arrived, the member's next export may start at once.
    expect((await start(alice)).statusCode).toBe(201);
    expect((await t.call('GET', url, { cookie: alice.cookie })).statusCode).toBe(404);
    const last = url.at(-1) === 'A' ? 'B' : 'A';
    expect((await t.call('GET', `${url.slice(0, -1)}${last}`, { cookie: alice.cookie })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/account/export/not-a-ticket', { cookie: alice.cookie })).statusCode).toBe(400);
  });

  it('there is no way to name another member: the export is always the caller’s', async () => {
    const bobs = await unzip((await exportOf(bob)).body);
    expect(jsonOf<{ account: { id: string } }>(bobs, 'profile.json').account.id).toBe(bob.id);
    expect(bobs.map((e) => e.data.toString('latin1')).join('\n')).not.toContain(alice.email);
  });
});

describe('the hourly limit', () => {
  let limited: TestApp;
  afterAll(() => limited?.close());

  it('429 with a message the profile shows, once the hour’s exports are used', async () => {
    limited = await createTestApp({ rateLimits: { dataExports: 2 } });
    const member = await limited.createMember('user', 'Lim Ited');
    const start = () => limited.call('POST', '/api/account/export', { cookie: member.cookie });
    expect((await start()).statusCode).toBe(201);
    expect((await start()).statusCode).toBe(201);
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: DATA_EXPORT_TEXTS.tooManyExports });
    // Another member has their own budget.
    const other = await limited.createMember('user', 'Oth Er');
    expect((await limited.call('POST', '/api/account/export', { cookie: other.cookie })).statusCode).toBe(201);
  }, 60_000);
});
