/**
 * The visibility rule outside the content lists (issue 25, ADR 084-085), on both databases, for
 * owner / connection / stranger / blocked / admin, with a suspended author and hidden items: a
 * public guide's items, its map and its GPX export; its share link; photo URLs; and the data
 * export's titles of other members' items.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExportStart } from '@common/schemas/data-export';
import type { Guide } from '@common/schemas/guide';
import type { GuideMap } from '@common/schemas/map';
import type { ShareLink, SharedGuide } from '@common/schemas/share-link';
import type { Tip } from '@common/schemas/tip';
import { blocks, memberSuspensions, notifications, tips } from '@db/schema';
import type { Notification } from '@common/schemas/notification';
import { thumbnailUrl } from '@common/media-url';
import { uploadTipPhotos } from '@server-test/test-uploads';
import { insertLike } from '../content-fixtures';
import { type TestApp, createTestApp } from '../test-app';
import { jsonLinesOf, unzip } from '../unzip';
import { type EdgeWorld, type Member, SEES, type TipName, VIEWERS, buildEdgeWorld } from './edge-world';

let t: TestApp;
let world: EdgeWorld;
let guide: Guide;
const IN_GUIDE: TipName[] = ['public', 'connections', 'private', 'hidden'];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildEdgeWorld(t);
  const res = await t.call('POST', '/api/guides', {
    cookie: world.members.author.cookie,
    body: {
      title: 'Lisbon in two days',
      countries: ['Portugal'],
      daysCount: 2,
      visibility: 'public',
      items: [...IN_GUIDE.map((n) => ({ dayNumber: 1, tipId: world.tips[n].id })), { dayNumber: 2, customTitle: 'Fado night' }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  guide = res.json<Guide>();
});
afterAll(() => t?.close());

const get = (viewer: keyof EdgeWorld['members'], url: string) => t.call('GET', url, { cookie: world.members[viewer].cookie });
const inGuideSeenBy = (viewer: (typeof VIEWERS)[number]) => IN_GUIDE.filter((n) => SEES[viewer].includes(n));

describe('a public guide with a tip at each level, for each viewer', () => {
  for (const viewer of VIEWERS) {
    it(`${viewer}: items show only the tips they may see; the rest are placeholders`, async () => {
      const res = await get(viewer, `/api/guides/${guide.id}`);
      // The guide itself is refused to a blocked member once the lists lane's rule is in (ADR 081).
      if (viewer === 'blocked' && res.statusCode === 404) return;
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<Guide>().items.filter((i) => i.dayNumber === 1);
      expect(items).toHaveLength(IN_GUIDE.length);
      const shown = items.flatMap((i) => (i.tip ? [i.tip.id] : []));
      expect(shown.sort()).toEqual(
        inGuideSeenBy(viewer)
          .map((n) => world.tips[n].id)
          .sort(),
      );
      for (const name of IN_GUIDE.filter((n) => !inGuideSeenBy(viewer).includes(n))) {
        expect(res.body, `${viewer} must not read ${name}`).not.toContain(world.tips[name].title);
      }
    });

    it(`${viewer}: the guide's map and GPX hold only the tips they may see`, async () => {
      const map = await get(viewer, `/api/guides/${guide.id}/map`);
      const gpx = await get(viewer, `/api/guides/${guide.id}/route.gpx`);
      if (viewer === 'blocked') {
        expect(map.statusCode).toBe(404);
        expect(gpx.statusCode).toBe(404);
        return;
      }
      expect(map.statusCode, map.body).toBe(200);
      const stopTips = map.json<GuideMap>().days.flatMap((d) => d.stops.flatMap((s) => (s.tipId ? [s.tipId] : [])));
      expect(stopTips.sort()).toEqual(
        inGuideSeenBy(viewer)
          .map((n) => world.tips[n].id)
          .sort(),
      );
      expect(gpx.statusCode, gpx.body).toBe(200);
      for (const name of IN_GUIDE) {
        const expected = inGuideSeenBy(viewer).includes(name);
        expect(gpx.body.includes(world.tips[name].title), `${viewer} / ${name} in GPX`).toBe(expected);
      }
    });
  }
});

describe('share link of the guide', () => {
  it('shows only public, not hidden items, and is gone while its author is suspended', async () => {
    const res = await t.call('PUT', `/api/guides/${guide.id}/share-link`, { cookie: world.members.author.cookie, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<ShareLink>().url.split('/').pop() ?? '';
    const open = await t.call('GET', `/api/shared/guides/${token}`);
    expect(open.statusCode).toBe(200);
    const titles = open.json<SharedGuide>().items.flatMap((i) => (i.tip ? [i.tip.title] : []));
    expect(titles).toEqual([world.tips.public.title]);

    await t.db.insert(memberSuspensions).values({ userId: world.members.author.id });
    try {
      expect((await t.call('GET', `/api/shared/guides/${token}`)).statusCode).toBe(404);
    } finally {
      await t.db.delete(memberSuspensions).where(eq(memberSuspensions.userId, world.members.author.id));
    }
    expect((await t.call('GET', `/api/shared/guides/${token}`)).statusCode).toBe(200);
  });
});

describe('photo URLs', () => {
  const photos: Partial<Record<TipName | 'unattached', string>> = {};

  beforeAll(async () => {
    const author = world.members.author;
    for (const name of ['public', 'connections', 'private', 'hidden'] as const) {
      const [url = ''] = await uploadTipPhotos(t, author.cookie);
      const visibility = name === 'hidden' ? 'public' : name;
      const res = await t.call('POST', '/api/tips', {
        cookie: author.cookie,
        body: { title: `Photo ${name}`, description: 'd', country: 'Portugal', city: 'Lisbon', visibility, photoUrls: [url] },
      });
      expect(res.statusCode, res.body).toBe(201);
      if (name === 'hidden') await t.db.update(tips).set({ hiddenAt: new Date() }).where(eq(tips.id, res.json<Tip>().id));
      photos[name] = url;
    }
    [photos.unattached = ''] = await uploadTipPhotos(t, author.cookie);
  });

  for (const viewer of VIEWERS) {
    it(`${viewer}: a photo of a tip they may not see is the same 404 as a missing one`, async () => {
      for (const [name, url = ''] of Object.entries(photos)) {
        const allowed = viewer === 'author' || viewer === 'admin' || SEES[viewer].includes(name as TipName);
        for (const asked of [url, thumbnailUrl(url)]) {
          const res = await get(viewer, asked);
          expect(res.statusCode, `${viewer} / ${name} / ${asked}`).toBe(allowed ? 200 : 404);
          if (!allowed) expect(res.json<{ message: string }>().message).toBe('Photo not found');
        }
      }
    });
  }

  it('a profile picture is refused across a block, either way', async () => {
    const avatar = `/api/media/avatars/${world.members.author.id}/1-0-abcdef012345.webp`;
    // Nothing is stored there: the stranger gets the missing file's 404, the blocked member the same 404 before any file is read.
    expect((await get('stranger', avatar)).statusCode).toBe(404);
    const [url = ''] = await uploadTipPhotos(t, world.members.blocked.cookie);
    await t.call('POST', '/api/tips', {
      cookie: world.members.blocked.cookie,
      body: { title: 'Blocked view', description: 'd', country: 'Portugal', city: 'Porto', photoUrls: [url] },
    });
    expect((await get('stranger', url)).statusCode).toBe(200);
    expect((await get('author', url)).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  it('link an item only while the recipient may see it; its author always', async () => {
    const { author } = world.members;
    const about = (userId: string, tip: TipName, type: 'tip' | 'like') => ({
      userId,
      actorId: userId === author.id ? world.members.connection.id : author.id,
      type,
      content: type === 'tip' ? 'shared a tip' : 'liked your tip',
      tipId: world.tips[tip].id,
    });
    await t.db
      .insert(notifications)
      .values([
        ...VIEWERS.filter((v) => v !== 'author').map((v) => about(world.members[v].id, 'connections', 'tip')),
        about(author.id, 'hidden', 'like'),
        about(author.id, 'private', 'like'),
      ]);
    for (const viewer of VIEWERS) {
      const res = await get(viewer, '/api/notifications');
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<{ items: Notification[] }>().items;
      // The blocks lane drops a blocked actor's notices altogether; either way none links the tip.
      expect(items.length, viewer).toBeGreaterThan(viewer === 'blocked' ? -1 : 0);
      const linked = items.flatMap((n) => (n.tipId ? [n.tipId] : []));
      const expected =
        viewer === 'author'
          ? [world.tips.hidden.id, world.tips.private.id]
          : SEES[viewer].includes('connections')
            ? [world.tips.connections.id]
            : [];
      expect(linked.sort(), viewer).toEqual(expected.sort());
    }
  });
});

describe("data export: titles of other members' items", () => {
  async function likesOf(member: Member) {
    const start = await t.call('POST', '/api/account/export', { cookie: member.cookie });
    expect(start.statusCode, start.body).toBe(201);
    const res = await t.call('GET', start.json<DataExportStart>().url, { cookie: member.cookie });
    expect(res.statusCode).toBe(200);
    const likes = jsonLinesOf<{ itemId: string; title: string | null }>(await unzip(res.rawPayload), 'likes.jsonl');
    return new Map(likes.map((l) => [l.itemId, l.title]));
  }

  it('names only what the member may still see', async () => {
    const liked: TipName[] = ['public', 'connections', 'hidden', 'private'];
    for (const viewer of ['connection', 'stranger', 'blocked'] as const) {
      for (const name of liked) await insertLike(t.db, world.members[viewer].id, { tipId: world.tips[name].id });
      const titles = await likesOf(world.members[viewer]);
      for (const name of liked) {
        const expected = SEES[viewer].includes(name) ? world.tips[name].title : null;
        expect(titles.get(world.tips[name].id), `${viewer} / ${name}`).toBe(expected);
      }
    }
  });

  it('a block placed later takes the titles away', async () => {
    await t.db.insert(blocks).values({ blockerId: world.members.stranger.id, blockedId: world.members.author.id });
    const titles = await likesOf(world.members.stranger);
    expect(titles.get(world.tips.public.id)).toBeNull();
  });
});
