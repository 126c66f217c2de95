import { existsSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDE_TEXTS, type Guide } from '@common/schemas/guide';
import { TEXTS } from '@common/texts';
import { guideTips, guides, likes, notifications, savedItems } from '@db/schema';
import { insertGuide, insertLike, insertSave, insertTip, writeUpload } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { GUIDE_ERRORS } from './guides.service';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let author: Member;
let other: Member;
let pending: Member;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.createMember('user', 'Ana Author');
  other = await t.createMember('user', 'Otto Other');
  pending = await t.createMember('pending');
});
afterAll(async () => {
  await t.close();
});

function guideBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Three days in Lisbon',
    location: 'Lisbon',
    countries: ['Portugal'],
    description: 'Trams, tiles and pastries.',
    daysCount: 3,
    photoUrls: [],
    tags: ['Food', ' city break ', 'food'],
    isPrivate: false,
    items: [],
    ...overrides,
  };
}

async function createGuide(member: Member, overrides: Record<string, unknown> = {}): Promise<Guide> {
  const res = await t.call('POST', '/api/guides', { cookie: member.cookie, body: guideBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Guide>();
}

function filePath(url: string): string {
  const [, , , bucket = '', userId = '', file = ''] = url.split('/');
  return path.join(t.config.dataDir, 'uploads', bucket, userId, file);
}

async function itemRows(guideId: string) {
  return t.db
    .select()
    .from(guideTips)
    .where(eq(guideTips.guideId, guideId))
    .orderBy(asc(guideTips.dayNumber), asc(guideTips.orderInDay));
}

describe('access', () => {
  it('is 401 anonymous and 403 for a pending account on every guide route', async () => {
    const guide = await insertGuide(t.db, author.id);
    const calls = [
      ['POST', '/api/guides', guideBody()],
      ['GET', `/api/guides/${guide.id}`, undefined],
      ['PUT', `/api/guides/${guide.id}`, guideBody()],
      ['DELETE', `/api/guides/${guide.id}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const anonymous = await t.call(method, url, { body });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().message).toBe(TEXTS.signInRequired);
      const asPending = await t.call(method, url, { cookie: pending.cookie, body });
      expect(asPending.statusCode, `${method} ${url}`).toBe(403);
      expect(asPending.json().message).toBe(TEXTS.accountPendingActivation);
    }
  });
});

describe('POST /api/guides', () => {
  it('creates the guide with its itinerary numbered per day, photos and normalised tags', async () => {
    const tipA = await insertTip(t.db, author.id, { title: 'Pasteis de Belem', placeName: 'Belem' });
    const tipB = await insertTip(t.db, author.id, { title: 'Castle', city: 'Lisbon' });
    const photo1 = writeUpload(t.config.dataDir, 'guide-photos', author.id);
    const photo2 = writeUpload(t.config.dataDir, 'guide-photos', author.id);
    const guide = await createGuide(author, {
      photoUrls: [photo1, photo2],
      items: [
        { dayNumber: 2, tipId: tipB.id },
        { dayNumber: 1, tipId: tipA.id },
        { dayNumber: 1, customTitle: 'Sunset at Miradouro', customPlaceName: 'Graça', customDescription: '' },
        { dayNumber: 2, tipId: tipA.id },
      ],
    });
    expect(guide).toMatchObject({
      kind: 'guide',
      title: 'Three days in Lisbon',
      location: 'Lisbon',
      countries: ['Portugal'],
      daysCount: 3,
      photoUrl: photo1,
      photoUrls: [photo1, photo2],
      // docs/product.md#tips-and-guides: guide tags are trimmed and kept in the author's case (only tip tags are lowercased).
      tags: ['Food', 'city break'],
      isPrivate: false,
      likesCount: 0,
      author: { id: author.id, name: 'Ana Author' },
      viewer: { isOwner: true, hasLiked: false, hasSaved: false },
    });
    expect(guide.items.map((i) => [i.dayNumber, i.orderInDay, i.tip?.id ?? i.customTitle])).toEqual([
      [1, 1, tipA.id],
      [1, 2, 'Sunset at Miradouro'],
      [2, 1, tipB.id],
      [2, 2, tipA.id],
    ]);
    expect(guide.items[0]?.tip).toEqual({
      id: tipA.id,
      title: 'Pasteis de Belem',
      city: 'Lisbon',
      country: 'Portugal',
      placeName: 'Belem',
      description: tipA.description,
    });
    expect(guide.items[1]).toMatchObject({ tip: null, customPlaceName: 'Graça', customDescription: null });
    const [row] = await t.db.select().from(guides).where(eq(guides.id, guide.id));
    expect(row?.searchText).toContain('three days in lisbon');
    expect(row?.searchText).toContain('portugal');
    expect(row?.searchText).toContain('city break');
  });

  it.each([
    ['a blank title', { title: '   ' }, GUIDE_TEXTS.missingTitle],
    ['15 days', { daysCount: 15 }, 'A guide lasts at most 14 days'],
    ['0 days', { daysCount: 0 }, 'A guide lasts at least 1 day'],
    ['an unknown country', { countries: ['Atlantis'] }, 'Please choose a country from the list'],
    ['a country twice', { countries: ['Portugal', 'Portugal'] }, 'Each country only once'],
    ['an item beyond the last day', { daysCount: 2, items: [{ dayNumber: 3, customTitle: 'x' }] }, GUIDE_ERRORS.dayBeyond(3, 2)],
    ['a blank custom item', { items: [{ dayNumber: 1, customTitle: '  ' }] }, undefined],
    ['a photo URL that is no upload', { photoUrls: ['https://example.com/a.jpg'] }, GUIDE_ERRORS.notUploadedPhoto],
  ])('refuses %s with 400', async (_label, overrides, message) => {
    const before = await t.db.$count(guides);
    const res = await t.call('POST', '/api/guides', { cookie: author.cookie, body: guideBody(overrides) });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(await t.db.$count(guides)).toBe(before);
  });

  it('refuses 11 photos with the fixed text', async () => {
    const photoUrls = Array.from({ length: 11 }, () => writeUpload(t.config.dataDir, 'guide-photos', author.id));
    const res = await t.call('POST', '/api/guides', { cookie: author.cookie, body: guideBody({ photoUrls }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GUIDE_TEXTS.tooManyPhotos);
  });

  it("refuses someone else's upload, a tip-photos upload and a missing file", async () => {
    const urls = [
      writeUpload(t.config.dataDir, 'guide-photos', other.id),
      writeUpload(t.config.dataDir, 'tip-photos', author.id),
      `/api/media/guide-photos/${author.id}/123-missing.webp`,
    ];
    for (const url of urls) {
      const res = await t.call('POST', '/api/guides', { cookie: author.cookie, body: guideBody({ photoUrls: [url] }) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(GUIDE_ERRORS.notUploadedPhoto);
    }
  });

  it("refuses someone else's tip and the same tip twice in one day", async () => {
    const othersTip = await insertTip(t.db, other.id);
    const before = await t.db.$count(guides);
    const res = await t.call('POST', '/api/guides', {
      cookie: author.cookie,
      body: guideBody({ items: [{ dayNumber: 1, tipId: othersTip.id }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GUIDE_ERRORS.ownTipsOnly);
    const unknown = await t.call('POST', '/api/guides', {
      cookie: author.cookie,
      body: guideBody({ items: [{ dayNumber: 1, tipId: '00000000-0000-4000-8000-000000000000' }] }),
    });
    expect(unknown.json().message).toBe(GUIDE_ERRORS.ownTipsOnly);
    const own = await insertTip(t.db, author.id);
    const twice = await t.call('POST', '/api/guides', {
      cookie: author.cookie,
      body: guideBody({
        items: [
          { dayNumber: 1, tipId: own.id },
          { dayNumber: 1, tipId: own.id },
        ],
      }),
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(GUIDE_ERRORS.tipTwiceInDay);
    expect(await t.db.$count(guides)).toBe(before);
  });
});

describe('GET /api/guides/:id', () => {
  it("shows another member's public guide with viewer flags; a private linked tip is hidden", async () => {
    const publicTip = await insertTip(t.db, author.id, { title: 'Public tip' });
    const privateTip = await insertTip(t.db, author.id, { title: 'Secret tip', isPrivate: true });
    const guide = await createGuide(author, {
      items: [
        { dayNumber: 1, tipId: publicTip.id },
        { dayNumber: 1, tipId: privateTip.id },
      ],
    });
    await insertLike(t.db, other.id, { guideId: guide.id });
    await insertSave(t.db, other.id, { guideId: guide.id });

    const res = await t.call('GET', `/api/guides/${guide.id}`, { cookie: other.cookie });
    expect(res.statusCode).toBe(200);
    const seen = res.json<Guide>();
    expect(seen.viewer).toEqual({ isOwner: false, hasLiked: true, hasSaved: true });
    expect(seen.items.map((i) => i.tip?.title ?? null)).toEqual(['Public tip', null]);

    const own = (await t.call('GET', `/api/guides/${guide.id}`, { cookie: author.cookie })).json<Guide>();
    expect(own.items.map((i) => i.tip?.title ?? null)).toEqual(['Public tip', 'Secret tip']);
    expect(own.viewer).toEqual({ isOwner: true, hasLiked: false, hasSaved: false });
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.call('GET', '/api/guides/00000000-0000-4000-8000-000000000000', { cookie: author.cookie });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.call('GET', '/api/guides/not-a-uuid', { cookie: author.cookie });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("another member's private guide", () => {
  it('is 404 on GET, PUT and DELETE, and stays untouched', async () => {
    const guide = await createGuide(author, { isPrivate: true, title: 'My secret trip' });
    const own = await t.call('GET', `/api/guides/${guide.id}`, { cookie: author.cookie });
    expect(own.statusCode).toBe(200);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', guideBody()],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, `/api/guides/${guide.id}`, { cookie: other.cookie, body });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe(GUIDE_ERRORS.notFound);
    }
    const [row] = await t.db.select().from(guides).where(eq(guides.id, guide.id));
    expect(row?.title).toBe('My secret trip');
  });
});

describe('PUT /api/guides/:id', () => {
  it('replaces fields and items; removed photos are deleted, kept ones stay', async () => {
    const tip = await insertTip(t.db, author.id);
    const kept = writeUpload(t.config.dataDir, 'guide-photos', author.id);
    const dropped = writeUpload(t.config.dataDir, 'guide-photos', author.id);
    const guide = await createGuide(author, {
      photoUrls: [kept, dropped],
      items: [
        { dayNumber: 1, tipId: tip.id },
        { dayNumber: 2, customTitle: 'Old item' },
      ],
    });
    const added = writeUpload(t.config.dataDir, 'guide-photos', author.id);
    const res = await t.call('PUT', `/api/guides/${guide.id}`, {
      cookie: author.cookie,
      body: guideBody({
        title: 'Thirty days in Portugal',
        location: 'Portugal',
        countries: ['Portugal', 'Spain'],
        daysCount: 30,
        photoUrls: [added, kept],
        tags: [' Slow Travel ', 'slow travel', '   ', 'UNESCO'],
        isPrivate: true,
        items: [
          { dayNumber: 30, customTitle: 'Last day' },
          { dayNumber: 1, tipId: tip.id },
          { dayNumber: 1, customTitle: 'Lunch' },
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Guide>();
    expect(updated).toMatchObject({
      title: 'Thirty days in Portugal',
      countries: ['Portugal', 'Spain'],
      daysCount: 30,
      photoUrl: added,
      photoUrls: [added, kept],
      tags: ['Slow Travel', 'UNESCO'],
      isPrivate: true,
    });
    expect(updated.items.map((i) => [i.dayNumber, i.orderInDay, i.tip?.id ?? i.customTitle])).toEqual([
      [1, 1, tip.id],
      [1, 2, 'Lunch'],
      [30, 1, 'Last day'],
    ]);
    expect(await itemRows(guide.id)).toHaveLength(3);
    expect(existsSync(filePath(kept))).toBe(true);
    expect(existsSync(filePath(added))).toBe(true);
    expect(existsSync(filePath(dropped))).toBe(false);
    const [row] = await t.db.select().from(guides).where(eq(guides.id, guide.id));
    expect(row?.searchText).toContain('slow travel');
    expect(row?.searchText).toContain('spain');
  });

  it('keeps the old fields and items when the update is refused (atomic replacement)', async () => {
    const tip = await insertTip(t.db, author.id);
    const othersTip = await insertTip(t.db, other.id);
    const guide = await createGuide(author, {
      items: [
        { dayNumber: 1, tipId: tip.id },
        { dayNumber: 2, customTitle: 'Keep me' },
      ],
    });
    const before = await itemRows(guide.id);
    const invalid = [
      {
        items: [
          { dayNumber: 1, customTitle: 'New' },
          { dayNumber: 1, tipId: othersTip.id },
        ],
      },
      {
        items: [
          { dayNumber: 1, customTitle: 'New' },
          { dayNumber: 5, customTitle: 'Too late' },
        ],
        daysCount: 4,
      },
      {
        items: [
          { dayNumber: 1, tipId: tip.id },
          { dayNumber: 1, tipId: tip.id },
        ],
      },
      { daysCount: 31 },
      { location: '' },
      { photoUrls: [writeUpload(t.config.dataDir, 'guide-photos', other.id)] },
    ];
    for (const overrides of invalid) {
      const res = await t.call('PUT', `/api/guides/${guide.id}`, {
        cookie: author.cookie,
        body: guideBody({ title: 'Changed title', ...overrides }),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
    }
    const lastDay = await t.call('PUT', `/api/guides/${guide.id}`, { cookie: author.cookie, body: guideBody({ daysCount: 31 }) });
    expect(lastDay.json().message).toBe('A guide lasts at most 30 days');
    const noLocation = await t.call('PUT', `/api/guides/${guide.id}`, {
      cookie: author.cookie,
      body: guideBody({ location: ' ' }),
    });
    expect(noLocation.json().message).toBe(GUIDE_TEXTS.missingLocation);
    const [row] = await t.db.select().from(guides).where(eq(guides.id, guide.id));
    expect(row?.title).toBe('Three days in Lisbon');
    expect(await itemRows(guide.id)).toEqual(before);
  });

  it('is 403 for a non-owner of a public guide, and 404 for an unknown id', async () => {
    const guide = await createGuide(author);
    const res = await t.call('PUT', `/api/guides/${guide.id}`, { cookie: other.cookie, body: guideBody({ title: 'Hijacked' }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(GUIDE_ERRORS.notOwner);
    const unknown = await t.call('PUT', '/api/guides/00000000-0000-4000-8000-000000000000', {
      cookie: author.cookie,
      body: guideBody(),
    });
    expect(unknown.statusCode).toBe(404);
    const [row] = await t.db.select().from(guides).where(eq(guides.id, guide.id));
    expect(row?.title).toBe('Three days in Lisbon');
  });
});

it("keeps explore's country filter in step with the guide's countries (guide_countries)", async () => {
  const title = `Border walk ${Math.random().toString(36).slice(2, 8)}`;
  const guide = await createGuide(author, { title, countries: ['Laos', 'Cambodia'] });
  const listed = async (country: string) => {
    const res = await t.call('GET', `/api/explore?type=guides&country=${country}&q=${encodeURIComponent(title)}`, {
      cookie: other.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: { id: string }[] }>().items.map((i) => i.id);
  };
  expect(await listed('Cambodia')).toEqual([guide.id]);
  expect(await listed('Laos')).toEqual([guide.id]);

  const res = await t.call('PUT', `/api/guides/${guide.id}`, {
    cookie: author.cookie,
    body: guideBody({ title, countries: ['Laos', 'Vietnam'] }),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(await listed('Cambodia')).toEqual([]);
  expect(await listed('Laos')).toEqual([guide.id]);
  expect(await listed('Vietnam')).toEqual([guide.id]);

  expect((await t.call('DELETE', `/api/guides/${guide.id}`, { cookie: author.cookie })).statusCode).toBe(204);
  expect(await listed('Vietnam')).toEqual([]);
});

describe('DELETE /api/guides/:id', () => {
  it('is 403 for a non-owner of a public guide', async () => {
    const guide = await createGuide(author);
    const res = await t.call('DELETE', `/api/guides/${guide.id}`, { cookie: other.cookie });
    expect(res.statusCode).toBe(403);
    expect(await t.db.$count(guides, eq(guides.id, guide.id))).toBe(1);
  });

  it('removes the guide with its items, likes, saves, notifications and photo files', async () => {
    const tip = await insertTip(t.db, author.id);
    const photo = writeUpload(t.config.dataDir, 'guide-photos', author.id);
    const guide = await createGuide(author, {
      photoUrls: [photo],
      items: [
        { dayNumber: 1, tipId: tip.id },
        { dayNumber: 1, customTitle: 'Walk' },
      ],
    });
    await insertLike(t.db, other.id, { guideId: guide.id });
    await insertSave(t.db, other.id, { guideId: guide.id });
    await t.db.insert(notifications).values({
      userId: author.id,
      actorId: other.id,
      type: 'guide_saved',
      content: 'Someone saved your guide',
      guideId: guide.id,
    });

    const res = await t.call('DELETE', `/api/guides/${guide.id}`, { cookie: author.cookie });
    expect(res.statusCode).toBe(204);
    expect(await t.db.$count(guides, eq(guides.id, guide.id))).toBe(0);
    expect(await t.db.$count(guideTips, eq(guideTips.guideId, guide.id))).toBe(0);
    expect(await t.db.$count(likes, eq(likes.guideId, guide.id))).toBe(0);
    expect(await t.db.$count(savedItems, eq(savedItems.guideId, guide.id))).toBe(0);
    expect(await t.db.$count(notifications, eq(notifications.guideId, guide.id))).toBe(0);
    expect(existsSync(filePath(photo))).toBe(false);
    // The tip used as an item is the author's own and stays.
    expect((await t.call('GET', `/api/guides/${guide.id}`, { cookie: author.cookie })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/guides/${guide.id}`, { cookie: author.cookie })).statusCode).toBe(404);
  });

  it('keeps a photo file another guide of the author still shows', async () => {
    const shared = writeUpload(t.config.dataDir, 'guide-photos', author.id);
    const first = await createGuide(author, { photoUrls: [shared] });
    await createGuide(author, { photoUrls: [shared] });
    expect((await t.call('DELETE', `/api/guides/${first.id}`, { cookie: author.cookie })).statusCode).toBe(204);
    expect(existsSync(filePath(shared))).toBe(true);
  });
});

describe('concurrent edits (PostgreSQL)', () => {
  it.skipIf(process.env.WAYMARK_TEST_DB !== 'postgres')(
    'run one after the other: every edit succeeds and the itinerary is exactly one of them',
    async () => {
      const guide = await createGuide(author, { items: [{ dayNumber: 1, customTitle: 'Start' }] });
      const edits = Array.from({ length: 6 }, (_, n) =>
        guideBody({
          items: Array.from({ length: 5 }, (_, i) => ({ dayNumber: 1 + (i % 3), customTitle: `edit ${n} item ${i}` })),
        }),
      );
      const results = await Promise.all(
        edits.map((body) => t.call('PUT', `/api/guides/${guide.id}`, { cookie: author.cookie, body })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(edits.map(() => 200));
      const titles = (await itemRows(guide.id)).map((r) => r.customTitle ?? '');
      expect(titles).toHaveLength(5);
      expect(new Set(titles.map((title) => title.split(' item ')[0])).size).toBe(1);
    },
  );
});
