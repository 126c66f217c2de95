/** Requests for uploads, media, tips, guides, likes, saves and the content lists. */
import { multipart, pngImage } from '@server-test/test-uploads';
import { eq } from 'drizzle-orm';
import type { Visibility } from '@common/schemas/visibility';
import { guides } from '@db/schema';
import { type Build, type Requests, one } from './scene';
import { SECRET } from './callers';
import { type Fixtures, unique } from './fixtures';

const png = pngImage();
const photoBody = async (field: string) => multipart([{ data: await png, filename: 'a.png', contentType: 'image/png', field }]);

const tipBody = (visibility: Visibility) => ({
  title: 'Sunrise at the old lighthouse',
  country: 'Portugal',
  city: 'Lisbon',
  description: 'Go early, bring coffee, the light is worth it.',
  visibility,
});
const guideBody = (visibility: Visibility) => ({
  title: 'Three days in Lisbon',
  location: 'Lisbon',
  countries: ['Portugal'],
  daysCount: 1,
  visibility,
});

/** What a scene of an item at `level` must keep from whom: a private title from all but the owner. */
const keptFrom = (level: Visibility, title: string) => ({
  ownerOnly: level === 'private' ? [title] : [],
  connectionsOnly: level === 'connections' ? [title] : [],
});

type Item = Awaited<ReturnType<Fixtures['tip']>> | Awaited<ReturnType<Fixtures['guide']>>;
/** The public, private and connections-only scenarios of a route on one of the owner's items. */
function onItem(
  make: (fx: Fixtures, level: Visibility) => Promise<Item>,
  scene: (item: Item, level: Visibility) => { url: string; body?: unknown },
) {
  const build =
    (level: Visibility): Build =>
    async (fx) => {
      const item = await make(fx, level);
      return { ...scene(item, level), ...keptFrom(level, item.title) };
    };
  return { public: build('public'), private: build('private'), connections: build('connections') };
}
/**
 * onItem's three scenarios, and `hidden`: a public guide a moderator hid (ADR 088), read by its
 * owner and admins only (content/readable's mayRead).
 */
function onGuideRead(scene: (item: Item) => { url: string }) {
  const hidden: Build = async (fx) => {
    const item = await fx.guide('public');
    await fx.t.db.update(guides).set({ hiddenAt: new Date() }).where(eq(guides.id, item.id));
    return scene(item);
  };
  return { ...onItem(guide, scene), hidden };
}
const tip = (fx: Fixtures, level: Visibility) => fx.tip(level);
const guide = (fx: Fixtures, level: Visibility) => fx.guide(level);

function reaction(url: string): Record<string, Build> {
  const build =
    (contentType: 'tip' | 'guide', level: Visibility): Build =>
    async (fx) => {
      const item = await (contentType === 'tip' ? fx.tip(level) : fx.guide(level));
      return { url, body: { contentType, contentId: item.id }, ...keptFrom(level, item.title) };
    };
  return {
    'public tip': build('tip', 'public'),
    'private tip': build('tip', 'private'),
    'connections tip': build('tip', 'connections'),
    'public guide': build('guide', 'public'),
    'private guide': build('guide', 'private'),
    'connections guide': build('guide', 'connections'),
  };
}

/**
 * A list route: the owner's private tip and connections-only tip, made just before with one
 * shared word (what `url` may search for), show to the owner, and to the connection the latter.
 */
const listing = (url: (fx: Fixtures, word: string) => string): Record<string, Build> =>
  one(async (fx) => {
    const word = unique('listed');
    const hidden = await fx.tip('private', `${SECRET} ${word} private tip`);
    const shared = await fx.tip('connections', `${SECRET} ${word} connections tip`);
    return { url: url(fx, word), ownerOnly: [hidden.title], connectionsOnly: [shared.title] };
  });

export const contentRequests: Requests = {
  'POST /api/uploads/tip-photos': one(async () => {
    const { body, headers } = await photoBody('photos');
    return { url: '/api/uploads/tip-photos', body, headers };
  }),
  'POST /api/uploads/guide-photos': one(async () => {
    const { body, headers } = await photoBody('photos');
    return { url: '/api/uploads/guide-photos', body, headers };
  }),
  'GET /api/media/:bucket/:userId/:file': one(async (fx) => ({ url: await fx.shownPhoto() })),
  'POST /api/tips': one(() => ({ url: '/api/tips', body: tipBody('public') })),
  'GET /api/tips/options': listing(() => '/api/tips/options'),
  'GET /api/tips/:id': onItem(tip, (item) => ({ url: `/api/tips/${item.id}` })),
  'PUT /api/tips/:id': onItem(tip, (item, level) => ({ url: `/api/tips/${item.id}`, body: tipBody(level) })),
  'DELETE /api/tips/:id': onItem(tip, (item) => ({ url: `/api/tips/${item.id}` })),
  'GET /api/tips/:id/guides': onItem(tip, (item) => ({ url: `/api/tips/${item.id}/guides` })),
  'POST /api/likes/toggle': reaction('/api/likes/toggle'),
  'POST /api/saves/toggle': reaction('/api/saves/toggle'),
  'POST /api/guides': one(() => ({ url: '/api/guides', body: guideBody('public') })),
  'GET /api/guides/:id': onGuideRead((item) => ({ url: `/api/guides/${item.id}` })),
  'PUT /api/guides/:id': onItem(guide, (item, level) => ({ url: `/api/guides/${item.id}`, body: guideBody(level) })),
  'DELETE /api/guides/:id': onItem(guide, (item) => ({ url: `/api/guides/${item.id}` })),
  'GET /api/users/:userId/content': listing((fx) => `/api/users/${fx.people.owner.id}/content`),
  'GET /api/users/:userId/content/counts': one((fx) => ({ url: `/api/users/${fx.people.owner.id}/content/counts` })),
  'GET /api/explore': {
    ...listing((_fx, word) => `/api/explore?q=${encodeURIComponent(word)}`),
    // Issue 36's orders and category: the same rule of who sees what in every one.
    'most liked': listing((_fx, word) => `/api/explore?q=${encodeURIComponent(word)}&sort=liked`).default!,
    'best rated': listing((_fx, word) => `/api/explore?q=${encodeURIComponent(word)}&sort=rated`).default!,
    'most liked, no search': listing(() => '/api/explore?sort=liked&type=tips&limit=50').default!,
  },
  'GET /api/explore/counts': one(() => ({ url: '/api/explore/counts' })),
  // A misspelt word is corrected only to a word the caller can see (ADR 105).
  'GET /api/explore/suggestion': {
    'a private word': async (fx) => {
      const word = unique('suggested');
      await fx.tip('private', `${SECRET} ${word}`);
      return { url: `/api/explore/suggestion?q=${word.slice(0, 2)}${word.slice(3)}`, ownerOnly: [word] };
    },
    'a connections-only word': async (fx) => {
      const word = unique('suggested');
      await fx.tip('connections', `${SECRET} ${word}`);
      return { url: `/api/explore/suggestion?q=${word.slice(0, 2)}${word.slice(3)}`, connectionsOnly: [word] };
    },
  },
  'GET /api/explore/countries': one(() => ({ url: '/api/explore/countries' })),
  'GET /api/saved': one(() => ({ url: '/api/saved' })),
  'GET /api/saved/counts': one(() => ({ url: '/api/saved/counts' })),
  'DELETE /api/saved/:id': one(async (fx) => ({ url: `/api/saved/${(await fx.savedItem()).id}` })),
  // The owner's private tip must never reach another member's home feed (ADR 055).
  'GET /api/home/feed': listing(() => '/api/home/feed'),
  'GET /api/home/popular': one(() => ({ url: '/api/home/popular' })),
  'GET /api/home/checklist': one(() => ({ url: '/api/home/checklist' })),
  // The map never shows a private tip (ADR 062), nor a connections-only one to anyone but the
  // owner's connections; at zoom 19 every tip in the box is a point.
  'GET /api/map/tips': one(async (fx) => {
    const hidden = await fx.placedTip('private');
    const shared = await fx.placedTip('connections');
    await fx.placedTip('public');
    return {
      url: '/api/map/tips?west=-9.15&south=38.71&east=-9.13&north=38.73&zoom=19',
      ownerOnly: [hidden.title],
      connectionsOnly: [shared.title],
    };
  }),
  'GET /api/map/locate': one(() => ({ url: '/api/map/locate?country=Portugal&city=Lisbon' })),
  'GET /api/guides/:id/map': onGuideRead((item) => ({ url: `/api/guides/${item.id}/map` })),
  'GET /api/guides/:id/calendar.ics': onGuideRead((item) => ({ url: `/api/guides/${item.id}/calendar.ics?start=2026-12-30` })),
  'GET /api/guides/:id/route.gpx': onGuideRead((item) => ({ url: `/api/guides/${item.id}/route.gpx` })),
};
