/** Likes, saves and the content lists (explore, saved, a member's content). */
import fc from 'fast-check';
import type { Strategies } from '../strategy';
import type { World } from '../world';
import { country, idOf, learnId } from './helpers';

const contentRef = (w: World) =>
  fc.oneof(
    fc.record({ contentType: fc.constant('tip'), contentId: w.ids.tips.arb() }),
    fc.record({ contentType: fc.constant('guide'), contentId: w.ids.guides.arb() }),
    fc.record({ contentType: fc.constantFrom('tip', 'guide'), contentId: fc.oneof(w.ids.tips.arb(), w.ids.guides.arb()) }),
  );

/** Near-valid values of ContentQuery's keys (its own schema gives the keys). */
const contentQuery = {
  type: fc.constantFrom('all', 'tips', 'guides', 'ALL', 'tip'),
  q: fc.constantFrom('lisbon', 'Tip', 'portugal', '%', '_', "'", 'a b', 'é', 'ÉCOLE', '\\'),
  country: fc.oneof(country, fc.constantFrom('portugal', 'Narnia')),
};

/** Explore's own keys (issue 36): orders and tip categories, near-valid and forged cursors of each order. */
const exploreQuery = {
  ...contentQuery,
  q: fc.constantFrom('lisbon', 'lisbn', 'Tip', '%', "'", 'a b', 'é', ''),
  sort: fc.constantFrom('newest', 'liked', 'rated', 'LIKED', 'best', ''),
  tipType: fc.constantFrom('00000000-0000-4000-8000-000000000000', 'food', '1', ''),
  cursor: fc.constantFrom(
    Buffer.from(
      `r3|${Buffer.from('2026-01-01 00:00:00+00|00000000-0000-4000-8000-000000000000').toString('base64url')}`,
    ).toString('base64url'),
    Buffer.from('r99999999999|x').toString('base64url'),
    Buffer.from('2026-01-01 00:00:00+00|00000000-0000-4000-8000-000000000000').toString('base64url'),
    '%%%',
  ),
};

/** Near-valid values of HomeQuery: limits at and past their bounds, cursors of other lists and forged ones. */
const homeQuery = {
  limit: fc.constantFrom('1', '12', '50', '51', '0', '-1', '2.5', 'x'),
  cursor: fc.constantFrom(
    Buffer.from('3|2026-01-01 00:00:00+00|00000000-0000-4000-8000-000000000000|2026-01-01T00:00:00.000Z').toString('base64url'),
    Buffer.from('2026-01-01 00:00:00+00|00000000-0000-4000-8000-000000000000').toString('base64url'),
    Buffer.from('99999999999|x|y|z').toString('base64url'),
    '%%%',
  ),
};

/** Near-valid map boxes: edges past the world and the antimeridian, zooms at and past their bounds. */
const mapQuery = {
  west: fc.constantFrom('-180', '170', '-9.2', '-1080', '-1081', 'x', ''),
  south: fc.constantFrom('-85', '-90', '38.7', '-91', '1e999'),
  east: fc.constantFrom('180', '-170', '-9.1', '1080', '190', 'NaN'),
  north: fc.constantFrom('85', '90', '38.8', '91', '-90'),
  zoom: fc.constantFrom('0', '2', '12', '19', '20', '21', '-1', '2.5'),
  q: contentQuery.q,
  country: contentQuery.country,
};

export const LISTS: Strategies = {
  'GET /api/map/tips': { group: 'lists', tables: [], query: mapQuery },
  'GET /api/map/locate': {
    group: 'lists',
    tables: [],
    query: {
      country: contentQuery.country,
      city: fc.constantFrom('Lisbon', 'lisboa', '', 'São Paulo', 'x'.repeat(101)),
      mapsUrl: fc.constantFrom(
        'https://www.google.com/maps/@38.72,-9.14,17z',
        'https://maps.app.goo.gl/x',
        'javascript:alert(1)',
        '',
      ),
    },
  },
  'POST /api/likes/toggle': { group: 'lists', tables: ['likes', 'notifications', 'events', 'jobs'], body: contentRef },
  'POST /api/saves/toggle': { group: 'lists', tables: ['saved_items', 'notifications', 'events', 'jobs'], body: contentRef },
  'GET /api/users/:userId/content': { group: 'lists', tables: [], params: { userId: idOf('users') }, query: contentQuery },
  'GET /api/users/:userId/content/counts': { group: 'lists', tables: [], params: { userId: idOf('users') } },
  'GET /api/explore': { group: 'lists', tables: [], query: exploreQuery },
  'GET /api/explore/counts': { group: 'lists', tables: [], query: exploreQuery },
  'GET /api/explore/suggestion': { group: 'lists', tables: [], query: { q: exploreQuery.q } },
  'GET /api/members': {
    group: 'lists',
    tables: [],
    query: {
      q: fc.constantFrom('a', '@', '@a', '%', '_', '\\', 'é', ' ', 'x'.repeat(101)),
      limit: homeQuery.limit,
      cursor: fc.constantFrom(
        Buffer.from(JSON.stringify(['t', 'ana', '00000000-0000-4000-8000-000000000000'])).toString('base64url'),
        Buffer.from(JSON.stringify(['t', 'a\u0000', '00000000-0000-4000-8000-000000000000'])).toString('base64url'),
        Buffer.from('["t",1,2]').toString('base64url'),
        '%%%',
      ),
    },
  },
  'GET /api/explore/countries': { group: 'lists', tables: [] },
  'GET /api/tip-types': { group: 'lists', tables: [] },
  'GET /api/map/settings': { group: 'lists', tables: [] },
  'GET /api/saved': { group: 'lists', tables: [], query: contentQuery, after: learnId('saved') },
  'GET /api/saved/counts': { group: 'lists', tables: [], query: contentQuery },
  'DELETE /api/saved/:id': { group: 'lists', tables: ['saved_items'], params: { id: idOf('saved') } },
  'GET /api/home/feed': { group: 'lists', tables: [], query: homeQuery },
  'GET /api/home/popular': { group: 'lists', tables: [], query: homeQuery },
  'GET /api/home/checklist': { group: 'lists', tables: [] },
};
