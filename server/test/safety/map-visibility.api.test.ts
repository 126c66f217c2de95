/**
 * The Explore map for each viewer (issue 25, ADR 084), on both databases: at every zoom, with a
 * search and with a country, clusters and points hold exactly the tips the viewer may see:
 * public ones less those of members hidden from them, plus their connections' connections-only
 * ones; never a private, hidden or suspended author's tip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapTips } from '@common/schemas/map';
import { createMapService } from '../../src/modules/maps/map.service';
import { type TestApp, createTestApp } from '../test-app';
import { type EdgeWorld, SEES, VIEWERS, type Viewer, buildEdgeWorld } from './edge-world';

const WORLD = { west: -180, south: -85, east: 180, north: 85 };
const LISBON = { west: -9.5, south: 38.6, east: -9.0, north: 38.9 };
/** Small enough that zoom 14 and 15 read stored cells of their own level, one tip in each. */
const NEAR = { west: -9.25, south: 38.68, east: -9.1, north: 38.8 };

/** On the map: what the viewer may see, less anyone's own non-public tips (ADR 084). */
const onMap = (viewer: Viewer) =>
  SEES[viewer].filter((n) => n === 'public' || n === 'suspendedPublic' || (n === 'connections' && viewer !== 'author'));

let t: TestApp;
let world: EdgeWorld;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildEdgeWorld(t);
});
afterAll(() => t?.close());

async function mapOf(viewer: keyof EdgeWorld['members'], box: Record<string, number>, zoom: number, extra = '') {
  const params = new URLSearchParams(Object.entries({ ...box, zoom }).map(([k, v]) => [k, String(v)]));
  const res = await t.call('GET', `/api/map/tips?${params.toString()}${extra}`, { cookie: world.members[viewer].cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MapTips>();
}

const counted = (m: MapTips) => m.clusters.reduce((n, c) => n + c.count, 0) + m.points.length;

describe('GET /api/map/tips for each viewer', () => {
  for (const viewer of VIEWERS) {
    it(`${viewer}: counts and points hold exactly the tips they may see, at every zoom`, async () => {
      const ids = onMap(viewer)
        .map((n) => world.tips[n].id)
        .sort();
      for (const extra of ['', `&q=${world.word}`, '&country=Portugal']) {
        for (const zoom of [0, 3, 8, 12, 14, 15, 16, 17, 18, 19, 20]) {
          const box = zoom >= 17 ? LISBON : zoom >= 14 && zoom <= 15 ? NEAR : WORLD;
          const m = await mapOf(viewer, box, zoom, extra);
          expect(m.total, `zoom ${zoom}${extra}`).toBe(ids.length);
          expect(counted(m), `zoom ${zoom}${extra}`).toBe(ids.length);
          // Zoomed in, each tip is its own point: exactly the visible ones.
          if (box !== WORLD) expect(m.points.map((p) => p.id).sort(), `zoom ${zoom}${extra}`).toEqual(ids);
        }
      }
    });
  }

  it('the author sees neither their private nor their hidden tips on the map (the map is what others share)', async () => {
    const m = await mapOf('author', LISBON, 19);
    const ids = m.points.map((p) => p.id);
    for (const name of ['private', 'hidden', 'hiddenShared', 'connections'] as const)
      expect(ids).not.toContain(world.tips[name].id);
    expect(ids).toContain(world.tips.public.id);
  });

  it('a cluster mixing public and connections-only tips counts both for a connection, one for a stranger', async () => {
    // At zoom 3 all of Lisbon's tips fall into one cell.
    const forConnection = await mapOf('connection', WORLD, 3);
    const forStranger = await mapOf('stranger', WORLD, 3);
    expect(forConnection.clusters.map((c) => c.count)).toEqual([2]);
    expect(forStranger.clusters).toEqual([]);
    expect(forStranger.points.map((p) => p.id)).toEqual([world.tips.public.id]);
  });
});

describe('the kept correction (ADR 097)', () => {
  it('gives each viewer the same map as the per-view statement used for corrections too long to keep', async () => {
    const kept = createMapService({ db: t.db });
    const perView = createMapService({ db: t.db, maxCachedRows: 0 });
    for (const viewer of VIEWERS) {
      const viewerId = world.members[viewer].id;
      for (const country of [undefined, 'Portugal', 'Spain']) {
        for (const zoom of [0, 3, 8, 12, 14, 15, 16]) {
          const box = zoom >= 14 ? NEAR : WORLD;
          const query = { ...box, zoom, ...(country ? { country } : {}) };
          // Twice: the second call reads what the first one kept.
          for (const round of ['first', 'kept']) {
            expect(await kept.tips(viewerId, query), `${viewer} zoom ${zoom} ${country ?? ''} ${round}`).toEqual(
              await perView.tips(viewerId, query),
            );
          }
        }
      }
    }
  });
});
