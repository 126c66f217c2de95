/** Tips, guides, uploads and media files. */
import fc from 'fast-check';
import { TIP_CURRENCIES } from '@common/lists/currencies';
import type { Strategies } from '../strategy';
import type { World } from '../world';
import { country, idOf, learnId, optionalText, pastDate, tags, text } from './helpers';

function tipBody(currency: fc.Arbitrary<string>) {
  return (w: World) =>
    fc.record({
      title: text(200),
      tipTypeId: fc.option(w.ids.tipTypes.arb()),
      rating: fc.option(fc.integer({ min: 1, max: 5 })),
      country,
      city: text(100),
      placeName: optionalText(200),
      googleMapsUrl: fc.option(
        fc.constantFrom(
          'https://maps.google.com/?q=Lisbon',
          'https://www.google.com/maps/place/Lisbon',
          '',
          'https://www.google.com/maps/@38.7223,-9.1393,17z',
          'https://maps.apple.com/?ll=-33.8568,151.2153',
          'https://www.openstreetmap.org/?mlat=95.5&mlon=200.1',
        ),
      ),
      // Pins inside and past the world's edges: a bad one is a 400, never a 500 (issue 22).
      pin: fc.option(
        fc.record({
          latitude: fc.double({ min: -120, max: 120, noNaN: true }),
          longitude: fc.double({ min: -200, max: 200, noNaN: true }),
        }),
      ),
      experienceDate: fc.option(pastDate),
      valueSpent: fc.option(fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100)),
      currency: fc.option(currency),
      description: text(200),
      detailedContent: optionalText(20_000),
      photoUrls: fc.subarray([...w.photoUrls.mine, ...w.photoUrls.others], { maxLength: 2 }),
      tags,
      isPrivate: fc.boolean(),
    });
}

/** An item's position in its day (issue 36): absent, right, a gap or a duplicate, or nonsense. */
const position = fc.option(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom(0, -1, 1.5, 501)), { nil: undefined });

function guideBody(maxDays: number) {
  return (w: World) =>
    fc.record({
      title: text(200),
      location: text(200),
      countries: fc.uniqueArray(country, { maxLength: 3 }),
      description: optionalText(5000),
      daysCount: fc.integer({ min: 1, max: maxDays }),
      photoUrls: fc.subarray([...w.photoUrls.mine, ...w.photoUrls.others], { maxLength: 2 }),
      tags,
      isPrivate: fc.boolean(),
      items: fc.array(
        fc.oneof(
          fc.record({ dayNumber: fc.integer({ min: 1, max: 3 }), orderInDay: position, tipId: w.ids.tips.arb() }),
          fc.record({
            dayNumber: fc.integer({ min: 1, max: 3 }),
            orderInDay: position,
            customTitle: text(200),
            customDescription: optionalText(2000),
            customPlaceName: optionalText(200),
          }),
        ),
        { maxLength: 6 },
      ),
    });
}

/** A media path: real files of the caller and of others, and made-up ones. */
const mediaParams = {
  bucket: () => fc.constantFrom('tip-photos', 'guide-photos', 'avatars', 'uploads', '..'),
  userId: idOf('users'),
  file: (w: World) =>
    fc.oneof(
      fc.constantFrom(...[...w.photoUrls.mine, ...w.photoUrls.others].map((u) => u.split('/').pop()!)),
      fc.constantFrom('x.webp', '.webp', '..webp', 'a.webp.png', `${'a'.repeat(250)}.webp`),
    ),
};

const image = (res: { body: string; headers: Record<string, unknown> }) =>
  String(res.headers['content-type']).startsWith('image/webp') ? null : `media answered ${String(res.headers['content-type'])}`;

// A tip's place is counted in tip_map_cells (migration 0016): writing a tip may change its cells.
// Writing a tip's or guide's text adds its new words to Explore's vocabulary (ADR 105).
const tipsChanged = ['tips', 'tip_map_cells', 'search_words'];
// A private tip's guide items go with it (ADR 030).
const tipGone = ['tips', 'tip_map_cells', 'guide_tips', 'likes', 'saved_items', 'notifications'];
const guideGone = ['guides', 'guide_tips', 'guide_countries', 'guide_share_links', 'likes', 'saved_items', 'notifications'];

export const CONTENT: Strategies = {
  'POST /api/uploads/tip-photos': { group: 'content', tables: [], multipart: { field: 'photos' } },
  'POST /api/uploads/guide-photos': { group: 'content', tables: [], multipart: { field: 'photos' } },
  'GET /api/media/:bucket/:userId/:file': { group: 'content', tables: [], params: mediaParams, check2xx: image },
  'POST /api/tips': {
    group: 'content',
    tables: tipsChanged,
    body: tipBody(fc.constantFrom(...TIP_CURRENCIES)),
    after: learnId('tips'),
  },
  'GET /api/tips/options': { group: 'content', tables: [] },
  'GET /api/tips/:id': { group: 'content', tables: [], params: { id: idOf('tips') } },
  'GET /api/tips/:id/guides': { group: 'content', tables: [], params: { id: idOf('tips') } },
  'PUT /api/tips/:id': {
    group: 'content',
    tables: ['tip_map_cells', 'search_words'],
    params: { id: idOf('tips') },
    body: tipBody(fc.constantFrom('USD', 'XYZ', 'eur')),
  },
  'DELETE /api/tips/:id': { group: 'content', tables: tipGone, params: { id: idOf('tips') } },
  'POST /api/guides': {
    group: 'content',
    tables: ['guides', 'guide_tips', 'guide_countries', 'search_words'],
    body: guideBody(14),
    after: learnId('guides'),
  },
  'GET /api/guides/:id': { group: 'content', tables: [], params: { id: idOf('guides') } },
  'GET /api/guides/:id/map': { group: 'content', tables: [], params: { id: idOf('guides') } },
  'PUT /api/guides/:id': {
    group: 'content',
    tables: ['guide_tips', 'guide_countries', 'search_words'],
    params: { id: idOf('guides') },
    body: guideBody(30),
  },
  'DELETE /api/guides/:id': { group: 'content', tables: guideGone, params: { id: idOf('guides') } },
};
