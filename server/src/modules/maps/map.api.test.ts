import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_TEXTS, type MapTips } from '@common/schemas/map';
import type { Tip } from '@common/schemas/tip';
import { executeRows } from '@db/rows';
import { type TestApp, createTestApp } from '@server-test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const WORLD = { west: -180, south: -85, east: 180, north: 85 };
const query = (box: Record<string, number | string>) =>
  new URLSearchParams(Object.entries(box).map(([k, v]) => [k, String(v)])).toString();
const link = (lat: number, lng: number) => `https://www.google.com/maps/place/Spot/@${lat},${lng},17z`;

describe('GET /api/map/tips', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let pending: Member;
  const ids: Record<string, string> = {};

  async function createTip(member: Member, body: Record<string, unknown>): Promise<Tip> {
    const res = await t.call('POST', '/api/tips', {
      cookie: member.cookie,
      body: { title: 'A tip', description: 'Worth it.', country: 'Portugal', city: 'Lisbon', ...body },
    });
    if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
    return res.json<Tip>();
  }
  async function mapOf(member: Member, box: Record<string, number | string>, zoom: number): Promise<MapTips> {
    const res = await t.call('GET', `/api/map/tips?${query({ ...box, zoom })}`, { cookie: member.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MapTips>();
  }
  const pointIds = (m: MapTips) => m.points.map((p) => p.id).sort();

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createMember('user', 'Alice Author');
    bob = await t.createMember('user', 'Bob Browser');
    pending = await t.createMember('pending');
    ids.lisbon = (await createTip(alice, { title: 'Tram 28 at dawn' })).id;
    ids.cascais = (await createTip(alice, { city: 'Cascais', googleMapsUrl: link(38.6979, -9.4215) })).id;
    ids.paris = (await createTip(bob, { country: 'France', city: 'Paris', title: 'Canal walk' })).id;
    ids.parisPrivate = (await createTip(bob, { country: 'France', city: 'Paris', isPrivate: true })).id;
    ids.alicePrivate = (await createTip(alice, { googleMapsUrl: link(38.7, -9.14), isPrivate: true })).id;
    // A town the gazetteer does not know: drawn at its country (ADR 101).
    ids.nowhere = (await createTip(alice, { country: 'France', city: 'Atlantis' })).id;
    ids.suva = (await createTip(alice, { country: 'Fiji', city: 'Suva' })).id;
    ids.taveuni = (await createTip(alice, { country: 'Fiji', city: 'Taveuni' })).id;
  });
  afterAll(() => t.close());

  it('refuses visitors (401) and accounts waiting for approval (403)', async () => {
    expect((await t.call('GET', `/api/map/tips?${query({ ...WORLD, zoom: 1 })}`)).statusCode).toBe(401);
    const res = await t.call('GET', `/api/map/tips?${query({ ...WORLD, zoom: 1 })}`, { cookie: pending.cookie });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['south above north', { ...WORLD, south: 10, north: 5, zoom: 3 }, MAP_TEXTS.bboxOrder],
    ['latitude out of range', { ...WORLD, north: 91, zoom: 3 }, MAP_TEXTS.latitudeRange],
    ['not a number', { ...WORLD, west: 'abc', zoom: 3 }, MAP_TEXTS.longitudeRange],
    ['zoom too deep', { ...WORLD, zoom: 21 }, MAP_TEXTS.zoom],
    ['zoom not whole', { ...WORLD, zoom: 2.5 }, MAP_TEXTS.zoom],
    ['no zoom', { ...WORLD }, MAP_TEXTS.zoom],
  ])('answers 400 with a message for %s', async (_name, box, message) => {
    const res = await t.call('GET', `/api/map/tips?${query(box)}`, { cookie: alice.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('places every public tip at every zoom, and never a private one, even for its author', async () => {
    const expected = [ids.lisbon, ids.cascais, ids.paris, ids.nowhere, ids.suva, ids.taveuni].sort();
    for (let zoom = 0; zoom <= 20; zoom++) {
      for (const viewer of [alice, bob]) {
        const m = await mapOf(viewer, WORLD, zoom);
        expect(m.total, `zoom ${zoom}`).toBe(expected.length);
        expect(m.clusters.reduce((n, c) => n + c.count, 0) + m.points.length, `zoom ${zoom}`).toBe(expected.length);
        for (const id of [ids.parisPrivate, ids.alicePrivate]) expect(pointIds(m)).not.toContain(id);
      }
    }
  });

  it('shows lone tips as points with their card and near tips as a cluster that zooming splits', async () => {
    const iberia = { west: -10, south: 38, east: -8, north: 39.5 };
    const far = await mapOf(alice, iberia, 2);
    expect(far.points).toEqual([]);
    expect(far.clusters).toEqual([expect.objectContaining({ count: 2 })]);
    const cluster = far.clusters[0];
    expect(cluster?.bounds.west).toBeLessThanOrEqual(-9.4215);
    expect(cluster?.bounds.east).toBeGreaterThanOrEqual(-9.13333);
    const near = await mapOf(alice, iberia, 10);
    expect(pointIds(near)).toEqual([ids.lisbon, ids.cascais].sort());
    const cascais = near.points.find((p) => p.id === ids.cascais);
    expect(cascais).toMatchObject({
      latitude: 38.6979,
      longitude: -9.4215,
      precision: 'exact',
      city: 'Cascais',
      country: 'Portugal',
    });
    expect(near.points.find((p) => p.id === ids.lisbon)).toMatchObject({ precision: 'city', title: 'Tram 28 at dawn' });
  });

  it('reads a box across the antimeridian, written either way', async () => {
    for (const box of [
      { west: 170, east: -170, south: -25, north: -10 },
      { west: 170, east: 190, south: -25, north: -10 },
      { west: -190, east: -170, south: -25, north: -10 },
    ]) {
      for (const zoom of [5, 12, 18]) {
        const m = await mapOf(alice, box, zoom);
        expect(m.total, JSON.stringify({ box, zoom })).toBe(2);
        if (zoom >= 12) expect(pointIds(m)).toEqual([ids.suva, ids.taveuni].sort());
      }
    }
    expect((await mapOf(alice, { west: 179, east: 180, south: -25, north: -10 }, 8)).total).toBe(0);
  });

  it("applies Explore's search and country filter", async () => {
    const searched = await mapOf(bob, { ...WORLD, q: 'tram' }, 3);
    expect(pointIds(searched)).toEqual([ids.lisbon]);
    expect(searched.total).toBe(1);
    expect((await mapOf(bob, { ...WORLD, q: 'canal walk' }, 14)).total).toBe(1);
    expect((await mapOf(bob, { ...WORLD, q: '!!!' }, 3)).total).toBe(0);
    expect((await mapOf(alice, { ...WORLD, country: 'France' }, 1)).total).toBe(2);
    const france = await mapOf(alice, { west: -4.8, east: 8.2, south: 42.3, north: 51.1, country: 'France' }, 9);
    expect(pointIds(france)).toEqual([ids.paris, ids.nowhere].sort());
    expect((await mapOf(alice, { ...WORLD, country: 'Portugal' }, 1)).total).toBe(2);
  });

  it('lists tips that share one spot one by one at the deepest zooms, with a search too', async () => {
    const twin = await createTip(alice, { title: 'Tram 28 at dusk' });
    const lisbon = { west: -9.136, south: 38.715, east: -9.131, north: 38.718 };
    for (const q of [{}, { q: 'tram' }] as Record<string, string>[]) {
      const deep = await mapOf(alice, { ...lisbon, ...q }, 19);
      expect(pointIds(deep), JSON.stringify(q)).toEqual([ids.lisbon, twin.id].sort());
      expect(deep.clusters).toEqual([]);
      // One spot: below the deepest zooms the two stay one cluster however far one zooms in.
      expect((await mapOf(alice, { ...lisbon, ...q }, 14)).clusters).toEqual([expect.objectContaining({ count: 2 })]);
    }
    await t.call('DELETE', `/api/tips/${twin.id}`, { cookie: alice.cookie });
  });

  it('follows edits: a tip made private leaves the map, a moved pin moves, a deleted tip goes', async () => {
    const tip = await createTip(bob, { country: 'Japan', city: 'Kyoto', title: 'Moss garden' });
    const japan = { west: 129, east: 146, south: 30, north: 46 };
    expect(pointIds(await mapOf(alice, japan, 6))).toEqual([tip.id]);
    const body = { title: 'Moss garden', description: 'Worth it.', country: 'Japan', city: 'Kyoto' };
    await t.call('PUT', `/api/tips/${tip.id}`, { cookie: bob.cookie, body: { ...body, isPrivate: true } });
    expect((await mapOf(alice, japan, 6)).total).toBe(0);
    await t.call('PUT', `/api/tips/${tip.id}`, {
      cookie: bob.cookie,
      body: { ...body, pin: { latitude: 35.7, longitude: 139.7 } },
    });
    const moved = await mapOf(alice, japan, 9);
    expect(moved.points).toEqual([expect.objectContaining({ id: tip.id, latitude: 35.7, precision: 'pin' })]);
    await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: bob.cookie });
    expect((await mapOf(alice, japan, 6)).total).toBe(0);
  });

  it('keeps tip_map_cells equal to a count from the tips after every change', async () => {
    const kept = await cellsNow();
    await executeRows(t.db, sql`SELECT waymark_map_cells_rebuild()`);
    expect(await cellsNow()).toEqual(kept);

    async function cellsNow() {
      const rows = await executeRows<Record<string, unknown>>(
        t.db,
        sql`SELECT level, x, y, country, tips_count, round(latitude_sum::numeric, 6)::text AS lat,
              round(longitude_sum::numeric, 6)::text AS lng FROM tip_map_cells ORDER BY 1, 2, 3, 4`,
      );
      return rows;
    }
  });
});
