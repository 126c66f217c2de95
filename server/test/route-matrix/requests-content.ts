/** Requests for uploads, media, tips, guides, likes, saves and the content lists. */
import { multipart, pngImage } from '@server/modules/media/test-uploads';
import { type Build, type Requests, one } from './scene';
import type { Fixtures } from './fixtures';

const png = pngImage();
const photoBody = async (field: string) => multipart([{ data: await png, filename: 'a.png', contentType: 'image/png', field }]);

const tipBody = (isPrivate: boolean) => ({
  title: 'Sunrise at the old lighthouse',
  country: 'Portugal',
  city: 'Lisbon',
  description: 'Go early, bring coffee, the light is worth it.',
  isPrivate,
});
const guideBody = (isPrivate: boolean) => ({
  title: 'Three days in Lisbon',
  location: 'Lisbon',
  countries: ['Portugal'],
  daysCount: 1,
  isPrivate,
});

type Item = Awaited<ReturnType<Fixtures['tip']>> | Awaited<ReturnType<Fixtures['guide']>>;
/** The public and private scenario of a route on one of the owner's tips or guides. */
function onItem(
  make: (fx: Fixtures, isPrivate: boolean) => Promise<Item>,
  scene: (item: Item, isPrivate: boolean) => { url: string; body?: unknown },
) {
  const build =
    (isPrivate: boolean): Build =>
    async (fx) => {
      const item = await make(fx, isPrivate);
      return { ...scene(item, isPrivate), ownerOnly: isPrivate ? [item.title] : [] };
    };
  return { public: build(false), private: build(true) };
}
const tip = (fx: Fixtures, isPrivate: boolean) => fx.tip(isPrivate);
const guide = (fx: Fixtures, isPrivate: boolean) => fx.guide(isPrivate);

function reaction(url: string): Record<string, Build> {
  const build =
    (contentType: 'tip' | 'guide', isPrivate: boolean): Build =>
    async (fx) => {
      const item = await (contentType === 'tip' ? fx.tip(isPrivate) : fx.guide(isPrivate));
      return { url, body: { contentType, contentId: item.id }, ownerOnly: isPrivate ? [item.title] : [] };
    };
  return {
    'public tip': build('tip', false),
    'private tip': build('tip', true),
    'public guide': build('guide', false),
    'private guide': build('guide', true),
  };
}

/** A list route: the owner's private tip, made just before, must show to its owner only. */
const listing = (url: (fx: Fixtures, title: string) => string): Record<string, Build> =>
  one(async (fx) => {
    const hidden = await fx.tip(true);
    return { url: url(fx, hidden.title), ownerOnly: [hidden.title] };
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
  'POST /api/tips': one(() => ({ url: '/api/tips', body: tipBody(false) })),
  'GET /api/tips/options': listing(() => '/api/tips/options'),
  'GET /api/tips/:id': onItem(tip, (item) => ({ url: `/api/tips/${item.id}` })),
  'PUT /api/tips/:id': onItem(tip, (item, isPrivate) => ({ url: `/api/tips/${item.id}`, body: tipBody(isPrivate) })),
  'DELETE /api/tips/:id': onItem(tip, (item) => ({ url: `/api/tips/${item.id}` })),
  'POST /api/likes/toggle': reaction('/api/likes/toggle'),
  'POST /api/saves/toggle': reaction('/api/saves/toggle'),
  'POST /api/guides': one(() => ({ url: '/api/guides', body: guideBody(false) })),
  'GET /api/guides/:id': onItem(guide, (item) => ({ url: `/api/guides/${item.id}` })),
  'PUT /api/guides/:id': onItem(guide, (item, isPrivate) => ({ url: `/api/guides/${item.id}`, body: guideBody(isPrivate) })),
  'DELETE /api/guides/:id': onItem(guide, (item) => ({ url: `/api/guides/${item.id}` })),
  'GET /api/users/:userId/content': listing((fx) => `/api/users/${fx.people.owner.id}/content`),
  'GET /api/users/:userId/content/counts': one((fx) => ({ url: `/api/users/${fx.people.owner.id}/content/counts` })),
  'GET /api/explore': listing((_fx, title) => `/api/explore?q=${encodeURIComponent(title)}`),
  'GET /api/explore/counts': one(() => ({ url: '/api/explore/counts' })),
  'GET /api/explore/countries': one(() => ({ url: '/api/explore/countries' })),
  'GET /api/saved': one(() => ({ url: '/api/saved' })),
  'GET /api/saved/counts': one(() => ({ url: '/api/saved/counts' })),
  'DELETE /api/saved/:id': one(async (fx) => ({ url: `/api/saved/${(await fx.savedItem()).id}` })),
  // The owner's private tip must never reach another member's home feed (ADR 055).
  'GET /api/home/feed': listing(() => '/api/home/feed'),
  'GET /api/home/popular': one(() => ({ url: '/api/home/popular' })),
  'GET /api/home/checklist': one(() => ({ url: '/api/home/checklist' })),
  // The map never shows a private tip (ADR 062); at zoom 19 every tip in the box is a point.
  'GET /api/map/tips': one(async (fx) => {
    const hidden = await fx.placedTip(true);
    await fx.placedTip(false);
    return { url: '/api/map/tips?west=-9.15&south=38.71&east=-9.13&north=38.73&zoom=19', ownerOnly: [hidden.title] };
  }),
  'GET /api/map/locate': one(() => ({ url: '/api/map/locate?country=Portugal&city=Lisbon' })),
  'GET /api/guides/:id/map': onItem(guide, (item) => ({ url: `/api/guides/${item.id}/map` })),
  'GET /api/guides/:id/calendar.ics': onItem(guide, (item) => ({ url: `/api/guides/${item.id}/calendar.ics?start=2026-12-30` })),
  'GET /api/guides/:id/route.gpx': onItem(guide, (item) => ({ url: `/api/guides/${item.id}/route.gpx` })),
};
