import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '@common/schemas/guide';
import type { GuideMap } from '@common/schemas/map';
import type { Tip } from '@common/schemas/tip';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

describe('GET /api/guides/:id/map', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let pending: Member;
  let guide: Guide;
  let privateGuide: Guide;
  const tip: Record<string, Tip> = {};

  async function createTip(body: Record<string, unknown>) {
    const res = await t.call('POST', '/api/tips', {
      cookie: alice.cookie,
      body: { title: 'A tip', description: 'Worth it.', country: 'Portugal', city: 'Lisbon', ...body },
    });
    return res.json<Tip>();
  }
  async function createGuide(body: Record<string, unknown>) {
    const res = await t.call('POST', '/api/guides', {
      cookie: alice.cookie,
      body: { title: 'Portugal in three days', countries: ['Portugal'], daysCount: 3, ...body },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<Guide>();
  }
  const mapOf = (id: string, member: Member) => t.call('GET', `/api/guides/${id}/map`, { cookie: member.cookie });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createMember('user', 'Alice Author');
    bob = await t.createMember('user', 'Bob Browser');
    pending = await t.createMember('pending');
    tip.castle = await createTip({ title: 'Castle', googleMapsUrl: 'https://www.google.com/maps/@38.7139,-9.1335,17z' });
    tip.tram = await createTip({ title: 'Tram 28' });
    tip.secret = await createTip({ title: 'Secret bar', isPrivate: true });
    tip.nowhere = await createTip({ title: 'Somewhere', city: 'Atlantis' });
    guide = await createGuide({
      items: [
        { dayNumber: 1, tipId: tip.castle?.id },
        { dayNumber: 1, customTitle: 'Lunch by the river' },
        { dayNumber: 1, tipId: tip.tram?.id },
        { dayNumber: 2, tipId: tip.secret?.id },
        { dayNumber: 2, customTitle: 'Train north', customPlaceName: 'Porto' },
        { dayNumber: 2, tipId: tip.nowhere?.id },
      ],
    });
    privateGuide = await createGuide({ isPrivate: true });
  });
  afterAll(() => t.close());

  it("numbers each day's placed stops in itinerary order and counts the unplaced", async () => {
    const res = await mapOf(guide.id, bob);
    expect(res.statusCode).toBe(200);
    const { days } = res.json<GuideMap>();
    expect(days.map((d) => d.dayNumber)).toEqual([1, 2, 3]);
    const itemId = (title: string) => guide.items.find((i) => (i.tip?.title ?? i.customTitle) === title)?.id;
    expect(days[0]?.stops).toEqual([
      {
        itemId: itemId('Castle'),
        number: 1,
        title: 'Castle',
        tipId: tip.castle?.id,
        latitude: 38.7139,
        longitude: -9.1335,
        precision: 'exact',
        mapsUrl: 'https://www.google.com/maps/@38.7139,-9.1335,17z',
      },
      {
        itemId: itemId('Tram 28'),
        number: 2,
        title: 'Tram 28',
        tipId: tip.tram?.id,
        latitude: 38.71667,
        longitude: -9.13333,
        precision: 'city',
        mapsUrl: null,
      },
    ]);
    expect(days[0]?.unplaced).toBe(1);
    // Bob may not see Alice's private tip: it is neither a stop nor counted.
    expect(days[1]?.stops).toEqual([
      expect.objectContaining({ number: 1, title: 'Train north', tipId: null, precision: 'city' }),
    ]);
    expect(days[1]?.unplaced).toBe(1);
    expect(days[2]).toEqual({ dayNumber: 3, stops: [], unplaced: 0 });
  });

  it('shows the owner her own private tip as a stop', async () => {
    const { days } = (await mapOf(guide.id, alice)).json<GuideMap>();
    expect(days[1]?.stops.map((s) => s.title)).toEqual(['Secret bar', 'Train north']);
  });

  it('refuses visitors (401), pending accounts (403), and hides a private or missing guide (404)', async () => {
    expect((await t.call('GET', `/api/guides/${guide.id}/map`)).statusCode).toBe(401);
    expect((await mapOf(guide.id, pending)).statusCode).toBe(403);
    expect((await mapOf(privateGuide.id, bob)).statusCode).toBe(404);
    expect((await mapOf(privateGuide.id, alice)).statusCode).toBe(200);
    expect((await mapOf('00000000-0000-4000-8000-000000000000', alice)).statusCode).toBe(404);
    expect((await mapOf('not-a-uuid', alice)).statusCode).toBe(400);
  });
});
