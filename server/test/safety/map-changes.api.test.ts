/**
 * The map and Explore follow every change of who sees what at once (ADR 097), on both databases,
 * though each app keeps its viewers' map corrections and Explore lists: each step first loads the viewer's map (so it is kept),
 * then changes one thing through the API, then loads it again. A second app on the same database
 * (another server instance) sees each change too, and a suspension's end shows without a commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentCard } from '@common/schemas/content';
import type { MapTips } from '@common/schemas/map';
import type { Tip } from '@common/schemas/tip';
import { type TestApp, createTestApp } from '../test-app';

/** Near Lisbon: at zoom 15 each spot below is a cell of its own, so each tip is a point. */
const NEAR = { west: -9.6, south: 38.6, east: -9.0, north: 38.9 };
const WORLD = { west: -180, south: -85, east: 180, north: 85 };

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let second: TestApp;
let author: Member;
let viewer: Member;
let admin: string;
let spot = 0;

beforeAll(async () => {
  t = await createTestApp();
  second = await createTestApp({ sharedDatabase: t.database });
  author = await t.createMember('user', 'Ana Author');
  viewer = await t.createMember('user', 'Vic Viewer');
  admin = await t.signInAdmin();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const link = (n: number) => `https://www.google.com/maps/place/Spot/@${38.7 + n * 0.02},${-9.14 - n * 0.02},17z`;

function tipBody(title: string, visibility: string, place = (spot += 1)) {
  return { title, description: 'Worth the walk.', country: 'Portugal', city: 'Lisbon', googleMapsUrl: link(place), visibility };
}

function ok<R extends { statusCode: number; body: string }>(res: R, status = 200): R {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

async function postTip(title: string, visibility: string): Promise<Tip> {
  return ok(await t.call('POST', '/api/tips', { cookie: author.cookie, body: tipBody(title, visibility) }), 201).json<Tip>();
}

async function mapOf(app: TestApp, box: Record<string, number>, zoom: number): Promise<MapTips> {
  const params = new URLSearchParams(Object.entries({ ...box, zoom }).map(([k, v]) => [k, String(v)]));
  return ok(await app.call('GET', `/api/map/tips?${params.toString()}`, { cookie: viewer.cookie })).json<MapTips>();
}

/** The author's tips in the viewer's Explore, which keeps the viewer's lists the same way. */
async function explored(app: TestApp): Promise<string[]> {
  const res = ok(await app.call('GET', '/api/explore?type=tips&limit=50', { cookie: viewer.cookie }));
  return res
    .json<{ items: ContentCard[] }>()
    .items.filter((item) => item.author.id === author.id)
    .map((item) => item.id)
    .sort();
}

/**
 * The author's tips on the viewer's map (points near Lisbon and the world view's count) and in
 * their Explore, on both apps.
 */
async function seen(): Promise<string[]> {
  const views = await Promise.all(
    [t, second].map(async (app) => ({ near: await mapOf(app, NEAR, 15), world: await mapOf(app, WORLD, 3) })),
  );
  const ids = views.map((v) => v.near.points.map((p) => p.id).sort());
  expect(ids[1], 'the second instance').toEqual(ids[0]);
  for (const app of [t, second]) expect(await explored(app), 'Explore').toEqual(ids[0]);
  for (const v of views) {
    expect(v.near.clusters, 'one tip per cell near Lisbon').toEqual([]);
    expect(v.world.total, 'the world view counts the same tips').toBe(ids[0]!.length);
  }
  return ids[0]!;
}

const moderate = (action: string, target: 'tip' | 'member', targetId: string, until?: string | null) =>
  t.call('POST', '/api/admin/moderation', {
    cookie: admin,
    body: { action, target, targetId, reason: 'spam', ...(until === undefined ? {} : { until }) },
  });

describe('the map after each change of who sees what (ADR 097)', () => {
  let open: Tip;
  let shared: Tip;
  let connectionId: string;

  it('a connection accepted, then removed, shows and takes away the connections-only tips', async () => {
    open = await postTip('Public spot', 'public');
    shared = await postTip('Shared spot', 'connections');
    expect(await seen()).toEqual([open.id]);
    const request = ok(
      await t.call('POST', '/api/connections', { cookie: viewer.cookie, body: { addresseeId: author.id } }),
      201,
    );
    connectionId = request.json<{ id: string }>().id;
    expect(await seen(), 'a pending request shows nothing more').toEqual([open.id]);
    ok(await t.call('POST', `/api/connections/${connectionId}/accept`, { cookie: author.cookie }));
    expect(await seen()).toEqual([open.id, shared.id].sort());
  });

  it("a connection's new, changed, moved and deleted tips", async () => {
    const added = await postTip('New shared spot', 'connections');
    expect(await seen()).toContain(added.id);
    ok(await t.call('PUT', `/api/tips/${added.id}`, { cookie: author.cookie, body: tipBody('Now private', 'private') }));
    expect(await seen()).not.toContain(added.id);
    ok(await t.call('PUT', `/api/tips/${added.id}`, { cookie: author.cookie, body: tipBody('Shared again', 'connections', 8) }));
    const near = await mapOf(t, NEAR, 15);
    const moved = near.points.find((p) => p.id === added.id);
    expect(moved?.latitude).toBeCloseTo(38.7 + 8 * 0.02, 5);
    ok(await t.call('DELETE', `/api/tips/${added.id}`, { cookie: author.cookie }), 204);
    expect(await seen()).toEqual([open.id, shared.id].sort());
  });

  it('a moderator hides and unhides a tip', async () => {
    ok(await moderate('hide', 'tip', shared.id));
    expect(await seen()).toEqual([open.id]);
    ok(await moderate('unhide', 'tip', shared.id));
    expect(await seen()).toEqual([open.id, shared.id].sort());
  });

  it('a block hides everything of the author, an unblock brings back what is public', async () => {
    ok(await t.call('POST', '/api/blocks', { cookie: viewer.cookie, body: { memberId: author.id } }), 204);
    expect(await seen()).toEqual([]);
    ok(await t.call('DELETE', `/api/blocks/${author.id}`, { cookie: viewer.cookie }), 204);
    // The block ended the connection (docs/product.md#blocking): only the public tip comes back.
    expect(await seen()).toEqual([open.id]);
  });

  it('a suspension hides the author until lifted, or until it ends by itself', async () => {
    ok(await moderate('suspend', 'member', author.id, null));
    expect(await seen()).toEqual([]);
    ok(await moderate('lift', 'member', author.id));
    expect(await seen()).toEqual([open.id]);

    const until = new Date(Date.now() + 1_500);
    ok(await moderate('suspend', 'member', author.id, until.toISOString()));
    expect(await seen()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, until.getTime() - Date.now() + 100));
    expect(await seen(), 'no commit marks the end: the kept correction must not outlive it').toEqual([open.id]);
  });

  it("the author's account deleted takes their tips away", async () => {
    // A suspension ended the author's sessions.
    const cookie = await t.signIn(author.email, author.password);
    ok(await t.call('DELETE', '/api/account', { cookie }), 204);
    expect(await seen()).toEqual([]);
  });
});
