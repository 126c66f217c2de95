import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TEXTS } from '@common/schemas/content';
import { TIP_TEXTS, type Tip } from '@common/schemas/tip';
import { searchTextOf } from '@common/search';
import { guideTips, guides, likes, notifications, savedItems, tips } from '@db/schema';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { parseMediaUrl } from '../media/media-storage';
import { uploadTipPhotos } from '@server-test/test-uploads';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const validTip = (overrides: Record<string, unknown> = {}) => ({
  title: 'Sunrise at the old lighthouse',
  country: 'Portugal',
  city: 'Lisbon',
  description: 'Go early, bring coffee, the light is worth it.',
  ...overrides,
});

describe('tips', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let pending: Member;
  let hotelTypeId: string;

  const fileOf = (url: string) => {
    const ref = parseMediaUrl(url);
    if (!ref) throw new Error(`not a media url: ${url}`);
    return path.join(t.config.dataDir, 'uploads', ref.bucket, ref.userId, ref.file);
  };
  async function createTip(member: Member, overrides: Record<string, unknown> = {}): Promise<Tip> {
    const res = await t.call('POST', '/api/tips', { cookie: member.cookie, body: validTip(overrides) });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json<Tip>();
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createMember('user', 'Alice Author');
    bob = await t.createMember('user', 'Bob Browser');
    pending = await t.createMember('pending');
    const types = (await t.call('GET', '/api/tip-types', { cookie: alice.cookie })).json<{ id: string; name: string }[]>();
    const hotel = types.find((x) => x.name === 'Hotel');
    if (!hotel) throw new Error('seeded tip type Hotel missing');
    hotelTypeId = hotel.id;
  });
  afterAll(() => t.close());

  it('creates a tip with every field and returns it as the detail page needs it', async () => {
    const photos = await uploadTipPhotos(t, alice.cookie, 2);
    const res = await t.call('POST', '/api/tips', {
      cookie: alice.cookie,
      body: validTip({
        title: '  Café São Jorge  ',
        tipTypeId: hotelTypeId,
        rating: 4,
        placeName: 'Castelo',
        googleMapsUrl: 'https://maps.app.goo.gl/abc123',
        experienceDate: '2024-05-17',
        valueSpent: 12.5,
        currency: 'eur',
        detailedContent: 'Long story.',
        photoUrls: photos,
        tags: [' Food ', 'food', 'Budget'],
      }),
    });
    expect(res.statusCode).toBe(201);
    const tip = res.json<Tip>();
    expect(tip).toMatchObject({
      kind: 'tip',
      title: 'Café São Jorge',
      author: { id: alice.id, name: 'Alice Author' },
      tipTypeId: hotelTypeId,
      tipTypeName: 'Hotel',
      rating: 4,
      experienceDate: '2024-05-17',
      valueSpent: 12.5,
      currency: 'EUR',
      photoUrls: photos,
      photoUrl: photos[0],
      tags: ['food', 'budget'],
      isPrivate: false,
      likesCount: 0,
      viewer: { isOwner: true, hasLiked: false, hasSaved: false },
    });
    const [row] = await t.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(row?.searchText).toBe(
      searchTextOf(['Café São Jorge', 'Castelo', 'Lisbon', 'Portugal', tip.description, ['food', 'budget']]),
    );
    expect(row?.searchText).toContain('cafe sao jorge');

    const seen = await t.call('GET', `/api/tips/${tip.id}`, { cookie: bob.cookie });
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Tip>().viewer).toEqual({ isOwner: false, hasLiked: false, hasSaved: false });
  });

  it('takes a currency from the create list only; edit accepts any three-letter code (product.md, Tips and guides)', async () => {
    const refused = await t.call('POST', '/api/tips', { cookie: alice.cookie, body: validTip({ currency: 'SEK' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Currency is one of USD');
    const created = await t.call('POST', '/api/tips', { cookie: alice.cookie, body: validTip({ currency: 'usd' }) });
    expect(created.statusCode).toBe(201);
    const id = created.json<Tip>().id;
    const edited = await t.call('PUT', `/api/tips/${id}`, { cookie: alice.cookie, body: validTip({ currency: 'sek' }) });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Tip>().currency).toBe('SEK');
  });

  it('stores empty optional fields as null', async () => {
    const tip = await createTip(alice, { placeName: '', googleMapsUrl: '', rating: null });
    expect(tip).toMatchObject({
      placeName: null,
      googleMapsUrl: null,
      rating: null,
      experienceDate: null,
      valueSpent: null,
      photoUrl: null,
      photoUrls: [],
    });
  });

  it.each([
    ['missing title', { title: undefined }, TIP_TEXTS.missingInformation],
    ['blank title', { title: '   ' }, TIP_TEXTS.missingInformation],
    ['missing country', { country: undefined }, TIP_TEXTS.missingInformation],
    ['missing city', { city: '' }, TIP_TEXTS.missingInformation],
    ['missing description', { description: null }, TIP_TEXTS.missingInformation],
    ['201-character description', { description: 'x'.repeat(201) }, TIP_TEXTS.descriptionTooLong],
    ['rating 6', { rating: 6 }, 'Rating is 1 to 5'],
    ['bad maps url', { googleMapsUrl: 'https://maps.google.com.evil.example/x' }, TIP_TEXTS.invalidUrl],
    ['future date', { experienceDate: '2999-01-01' }, TIP_TEXTS.futureDate],
    ['unknown country', { country: 'Atlantis' }, 'Please choose a country from the list'],
    [
      'six photos',
      { photoUrls: Array.from({ length: 6 }, (_, i) => `/api/media/tip-photos/${randomUUID()}/${i}.webp`) },
      TIP_TEXTS.tooManyPhotos,
    ],
    ['a non-upload photo url', { photoUrls: ['https://evil.example/x.jpg'] }, 'Not an uploaded photo'],
  ])('refuses %s with 400', async (_name, overrides, message) => {
    const res = await t.call('POST', '/api/tips', { cookie: alice.cookie, body: validTip(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses someone else's upload, a missing file, and an unknown category", async () => {
    const [bobsPhoto] = await uploadTipPhotos(t, bob.cookie, 1);
    const stolen = await t.call('POST', '/api/tips', { cookie: alice.cookie, body: validTip({ photoUrls: [bobsPhoto] }) });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe('Not an uploaded photo');

    const ghost = `/api/media/tip-photos/${alice.id}/1-0-abcdefabcdef.webp`;
    const missing = await t.call('POST', '/api/tips', { cookie: alice.cookie, body: validTip({ photoUrls: [ghost] }) });
    expect(missing.statusCode).toBe(400);

    const category = await t.call('POST', '/api/tips', { cookie: alice.cookie, body: validTip({ tipTypeId: randomUUID() }) });
    expect(category.statusCode).toBe(400);
  });

  it('requires a member (401 anonymous, 403 pending)', async () => {
    const tip = await createTip(alice);
    expect((await t.call('POST', '/api/tips', { body: validTip() })).statusCode).toBe(401);
    expect((await t.call('GET', `/api/tips/${tip.id}`)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/tips/options')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/tips', { cookie: pending.cookie, body: validTip() })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/tips/${tip.id}`, { cookie: pending.cookie })).statusCode).toBe(403);
    expect((await t.call('PUT', `/api/tips/${tip.id}`, { cookie: pending.cookie, body: validTip() })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: pending.cookie })).statusCode).toBe(403);
  });

  it('hides a private tip from everyone but its owner (404 on read, edit, delete, like, save)', async () => {
    const secret = await createTip(alice, { isPrivate: true });
    expect((await t.call('GET', `/api/tips/${secret.id}`, { cookie: alice.cookie })).statusCode).toBe(200);
    const asBob = [
      await t.call('GET', `/api/tips/${secret.id}`, { cookie: bob.cookie }),
      await t.call('PUT', `/api/tips/${secret.id}`, { cookie: bob.cookie, body: validTip() }),
      await t.call('DELETE', `/api/tips/${secret.id}`, { cookie: bob.cookie }),
      await t.call('POST', '/api/likes/toggle', { cookie: bob.cookie, body: { contentType: 'tip', contentId: secret.id } }),
      await t.call('POST', '/api/saves/toggle', { cookie: bob.cookie, body: { contentType: 'tip', contentId: secret.id } }),
    ];
    expect(asBob.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(asBob[3]?.json().message).toBe(CONTENT_TEXTS.notFound);
    expect((await t.call('GET', `/api/tips/${randomUUID()}`, { cookie: bob.cookie })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/tips/not-a-uuid', { cookie: bob.cookie })).statusCode).toBe(400);
  });

  it("refuses edit and delete of someone else's public tip with 403", async () => {
    const tip = await createTip(alice);
    expect(
      (await t.call('PUT', `/api/tips/${tip.id}`, { cookie: bob.cookie, body: validTip({ title: 'mine now' }) })).statusCode,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: bob.cookie })).statusCode).toBe(403);
    const [row] = await t.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(row?.title).toBe(tip.title);
  });

  it('edits a tip: fields, search text, kept and new photos; removed photo files are deleted', async () => {
    const [p1, p2] = await uploadTipPhotos(t, alice.cookie, 2);
    const tip = await createTip(alice, { photoUrls: [p1, p2] });
    const [p3] = await uploadTipPhotos(t, alice.cookie, 1);
    const res = await t.call('PUT', `/api/tips/${tip.id}`, {
      cookie: alice.cookie,
      body: validTip({ title: 'Sunset instead', city: 'Porto', photoUrls: [p2, p3], isPrivate: true, valueSpent: 3 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Tip>()).toMatchObject({
      title: 'Sunset instead',
      city: 'Porto',
      photoUrls: [p2, p3],
      photoUrl: p2,
      isPrivate: true,
      valueSpent: 3,
    });
    const [row] = await t.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(row?.searchText).toContain('sunset instead');
    expect(row?.searchText).toContain('porto');
    // Its words follow (a generated column, ADR 020): the old title's and city's are gone.
    expect(row?.searchVector).toContain("'sunset'");
    expect(row?.searchVector).toContain("'porto'");
    expect(row?.searchVector).not.toContain("'sunrise'");
    expect(row?.searchVector).not.toContain("'lisbon'");
    expect(existsSync(fileOf(p1 ?? ''))).toBe(false);
    expect(existsSync(fileOf(p2 ?? ''))).toBe(true);
    expect(existsSync(fileOf(p3 ?? ''))).toBe(true);

    const badPhoto = await t.call('PUT', `/api/tips/${tip.id}`, {
      cookie: alice.cookie,
      body: validTip({ photoUrls: [`/api/media/tip-photos/${bob.id}/1-0-abcdefabcdef.webp`] }),
    });
    expect(badPhoto.statusCode).toBe(400);
    const invalid = await t.call('PUT', `/api/tips/${tip.id}`, {
      cookie: alice.cookie,
      body: validTip({ googleMapsUrl: 'ftp://x' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect((await t.call('PUT', `/api/tips/${randomUUID()}`, { cookie: alice.cookie, body: validTip() })).statusCode).toBe(404);
  });

  it('lists own tips for the guide picker, newest first, nobody else’s', async () => {
    const member = await t.createMember('user', 'Picker');
    const first = await createTip(member, { title: 'First' });
    const second = await createTip(member, { title: 'Second', isPrivate: true });
    await createTip(bob, { title: 'Not mine' });
    const res = await t.call('GET', '/api/tips/options', { cookie: member.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: second.id, title: 'Second', city: 'Lisbon', country: 'Portugal', placeName: null, description: second.description },
      { id: first.id, title: 'First', city: 'Lisbon', country: 'Portugal', placeName: null, description: first.description },
    ]);
  });

  it('deletes a tip: likes, saves, notifications and files go; guide items become custom items', async () => {
    const photos = await uploadTipPhotos(t, alice.cookie, 2);
    const tip = await createTip(alice, { title: 'Doomed tip', placeName: 'Miradouro', photoUrls: photos });
    const ref = { contentType: 'tip', contentId: tip.id };
    expect((await t.call('POST', '/api/likes/toggle', { cookie: bob.cookie, body: ref })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/saves/toggle', { cookie: bob.cookie, body: ref })).statusCode).toBe(200);
    const [guide] = await t.db.insert(guides).values({ userId: bob.id, title: 'Bob in Lisbon' }).returning({ id: guides.id });
    if (!guide) throw new Error('guide not inserted');
    await t.db.insert(guideTips).values({ guideId: guide.id, tipId: tip.id, dayNumber: 1, orderInDay: 1 });

    const res = await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: alice.cookie });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(tips).where(eq(tips.id, tip.id))).toEqual([]);
    expect(await t.db.select().from(likes).where(eq(likes.tipId, tip.id))).toEqual([]);
    expect(await t.db.select().from(savedItems).where(eq(savedItems.tipId, tip.id))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.tipId, tip.id))).toEqual([]);
    for (const url of photos) expect(existsSync(fileOf(url))).toBe(false);
    const items = await t.db.select().from(guideTips).where(eq(guideTips.guideId, guide.id));
    expect(items).toEqual([
      expect.objectContaining({
        tipId: null,
        dayNumber: 1,
        orderInDay: 1,
        customTitle: 'Doomed tip',
        customDescription: tip.description,
        customPlaceName: 'Miradouro',
      }),
    ]);
    expect((await t.call('GET', `/api/tips/${tip.id}`, { cookie: alice.cookie })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: alice.cookie })).statusCode).toBe(404);
  });

  it('keeps a photo file another tip still uses', async () => {
    const [shared] = await uploadTipPhotos(t, alice.cookie, 1);
    const a = await createTip(alice, { photoUrls: [shared] });
    await createTip(alice, { photoUrls: [shared] });
    expect((await t.call('DELETE', `/api/tips/${a.id}`, { cookie: alice.cookie })).statusCode).toBe(204);
    expect(existsSync(fileOf(shared ?? ''))).toBe(true);
  });
});
