/**
 * Issue 36, item 9: "4 tips on the map" for 5, because a town the gazetteer does not know left
 * its tip off the map. A tip no link, pin or city places is drawn at its country (ADR 101), so
 * the map's count is the list's count for every filter, searched or not, at every zoom, and the
 * tips tried before this change are placed by the migration and the start-up walk.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapTips } from '@common/schemas/map';
import type { Tip } from '@common/schemas/tip';
import { executeRows } from '@db/rows';
import { insertTip } from '@server-test/content-fixtures';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { testCountryPoint, testGazetteer } from '@server-test/test-gazetteer';
import { backfillTipLocations } from './location-backfill';
import { createTipLocator } from './tip-locator';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const WORLD = { west: -180, south: -85, east: 180, north: 85 };
const params = (o: Record<string, number | string>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

describe('a tip in a place the gazetteer does not know', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;

  async function createTip(member: Member, body: Record<string, unknown>): Promise<Tip> {
    const res = await t.call('POST', '/api/tips', {
      cookie: member.cookie,
      body: { title: 'A tip', description: 'Worth it.', country: 'Portugal', city: 'Lisbon', ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Tip>();
  }
  async function mapTotal(viewer: Member, filter: Record<string, string>, zoom: number, box = WORLD): Promise<MapTips> {
    const res = await t.call('GET', `/api/map/tips?${params({ ...box, zoom, ...filter })}`, { cookie: viewer.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MapTips>();
  }
  async function listCount(viewer: Member, filter: Record<string, string>): Promise<number> {
    const res = await t.call('GET', `/api/explore/counts?${params(filter)}`, { cookie: viewer.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ tips: number }>().tips;
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.createMember('user', 'Alice Author');
    bob = await t.createMember('user', 'Bob Browser');
    carol = await t.createMember('user', 'Carol Connected');
    const asked = await t.call('POST', '/api/connections', { cookie: bob.cookie, body: { addresseeId: carol.id } });
    expect(asked.statusCode, asked.body).toBe(201);
    const accepted = await t.call('POST', `/api/connections/${asked.json<{ id: string }>().id}/accept`, { cookie: carol.cookie });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Five public tips, as the report had it: four in known cities, one in a village of 300.
    await createTip(alice, { title: 'Tram at dawn' });
    await createTip(alice, { city: 'Porto', title: 'Port cellars' });
    await createTip(alice, { country: 'France', city: 'Paris', title: 'Canal walk' });
    await createTip(alice, { country: 'Japan', city: 'Kyoto', title: 'Moss temple' });
    await createTip(alice, { city: 'Piódão', title: 'Schist village walk' });
    // More of the class: an unknown town in a country with no test box, a connections-only tip
    // of Bob's connection in an unknown town, and a private one (never on the map, nor listed).
    await createTip(alice, { country: 'Fiji', city: 'Navala', title: 'Village of bures' });
    await createTip(carol, { city: 'Sortelha', title: 'Walled hamlet', visibility: 'connections' });
    await createTip(alice, { city: 'Monsanto', title: 'Boulder houses', isPrivate: true });
  });
  afterAll(() => t.close());

  it('places it at its country, says so on the tip, and keeps a city, link or pin first', async () => {
    const tip = await createTip(alice, { city: 'Aldeia da Pena', title: 'Tiny hamlet' });
    const portugal = testCountryPoint('Portugal');
    expect(tip.location).toEqual({ ...portugal, precision: 'country' });
    const read = await t.call('GET', `/api/tips/${tip.id}`, { cookie: bob.cookie });
    expect(read.json<Tip>().location).toEqual({ ...portugal, precision: 'country' });
    // The city is found after an edit: the tip moves to it.
    const edited = await t.call('PUT', `/api/tips/${tip.id}`, {
      cookie: alice.cookie,
      body: { title: 'Tiny hamlet', description: 'Worth it.', country: 'Portugal', city: 'Porto' },
    });
    expect(edited.json<Tip>().location).toMatchObject({ precision: 'city', latitude: 41.14961 });
    // The form's preview says the same before saving.
    const preview = await t.call('GET', `/api/map/locate?${params({ country: 'Portugal', city: 'Piódão' })}`, {
      cookie: alice.cookie,
    });
    expect(preview.json()).toEqual({ location: { ...portugal, precision: 'country' }, warning: null });
    await t.call('DELETE', `/api/tips/${tip.id}`, { cookie: alice.cookie });
  });

  it('counts on the map what the list counts, for every filter and zoom, for every viewer', async () => {
    const filters: Record<string, string>[] = [
      {},
      { country: 'Portugal' },
      { country: 'Fiji' },
      { country: 'Japan' },
      { q: 'walk' },
      { q: 'village' },
      { q: 'walled' },
      { q: 'walk', country: 'Portugal' },
      { q: 'nothing-matches-this' },
    ];
    // Explore lists the viewer's own private and connections-only tips too; the map never shows
    // its viewer's own tips that are not public (ADR 062, 084) and says so under its count (ADR
    // 101). Alice's private one and Carol's connections-only one are in Portugal.
    const ownPrivate = (name: string, filter: Record<string, string>) => {
      const inPortugal = !filter.country || filter.country === 'Portugal';
      if (name === 'alice') return inPortugal && !filter.q ? 1 : 0;
      return name === 'carol' && inPortugal && (!filter.q || filter.q === 'walled') ? 1 : 0;
    };
    let checked = 0;
    for (const [name, viewer] of Object.entries({ alice, bob, carol })) {
      for (const filter of filters) {
        const listed = await listCount(viewer, filter);
        for (const zoom of [0, 2, 5, 9]) {
          const map = await mapTotal(viewer, filter, zoom);
          const where = `${name} ${JSON.stringify(filter)} zoom ${zoom}`;
          expect(map.total, where).toBe(listed - ownPrivate(name, filter));
          expect(map.clusters.reduce((n, c) => n + c.count, 0) + map.points.length, where).toBe(map.total);
        }
        checked += 1;
      }
    }
    expect(checked).toBe(27);
    // The report's case: five public tips (and one more of the class) for Bob, on both.
    expect(await listCount(bob, { q: 'walk' })).toBe(2);
    expect((await mapTotal(bob, {}, 1)).total).toBe(7);
    // Bob is Carol's connection: her connections-only tip in an unknown town is his to see, on both.
    expect((await mapTotal(bob, { q: 'walled' }, 3)).total).toBe(1);
  });

  it('shows it as a point at the deepest zoom, with the country precision', async () => {
    const portugal = testCountryPoint('Portugal')!;
    const box = {
      west: portugal.longitude - 0.01,
      east: portugal.longitude + 0.01,
      south: portugal.latitude - 0.01,
      north: portugal.latitude + 0.01,
    };
    const deep = await mapTotal(bob, {}, 19, box);
    expect(deep.points.map((p) => [p.title, p.precision]).sort()).toEqual([
      ['Schist village walk', 'country'],
      ['Walled hamlet', 'country'],
    ]);
  });

  it('places the tips tried before this change: the migration makes them untried, the walk places them', async () => {
    // A tip as the old locator left it: tried, nowhere.
    const row = await insertTip(t.db, alice.id, { title: 'Left nowhere', city: 'Castelo Rodrigo' });
    await executeRows(t.db, sql`UPDATE tips SET location_precision = 'none' WHERE id = ${row.id}`);
    expect(await listCount(bob, {})).toBe((await mapTotal(bob, {}, 1)).total + 1);

    const migration = readFileSync(
      path.resolve(import.meta.dirname, '../../../../db/migrations/0027_tip_country_points.sql'),
      'utf8',
    );
    const reset = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "tips"'));
    expect(reset).toBeDefined();
    await executeRows(t.db, sql.raw(reset!));
    expect(await backfillTipLocations({ db: t.db, locator: createTipLocator(testGazetteer) })).toBe(1);

    const [stored] = await executeRows<{ precision: string }>(
      t.db,
      sql`SELECT location_precision AS precision FROM tips WHERE id = ${row.id}`,
    );
    expect(stored?.precision).toBe('country');
    expect((await mapTotal(bob, {}, 1)).total).toBe(await listCount(bob, {}));
    // The cells the triggers keep are the cells counted from the tips.
    const kept = await cells();
    await executeRows(t.db, sql`SELECT waymark_map_cells_rebuild()`);
    expect(await cells()).toEqual(kept);

    function cells() {
      return executeRows(t.db, sql`SELECT level, x, y, country, tips_count FROM tip_map_cells ORDER BY 1, 2, 3, 4`);
    }
  });
});
