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

export const LISTS: Strategies = {
  'POST /api/likes/toggle': { group: 'lists', tables: ['likes', 'notifications', 'events'], body: contentRef },
  'POST /api/saves/toggle': { group: 'lists', tables: ['saved_items', 'notifications', 'events'], body: contentRef },
  'GET /api/users/:userId/content': { group: 'lists', tables: [], params: { userId: idOf('users') }, query: contentQuery },
  'GET /api/users/:userId/content/counts': { group: 'lists', tables: [], params: { userId: idOf('users') } },
  'GET /api/explore': { group: 'lists', tables: [], query: contentQuery },
  'GET /api/explore/counts': { group: 'lists', tables: [], query: contentQuery },
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
