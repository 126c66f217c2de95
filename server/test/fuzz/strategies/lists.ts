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

export const LISTS: Strategies = {
  'POST /api/likes/toggle': { group: 'lists', tables: ['likes', 'notifications', 'events'], body: contentRef },
  'POST /api/saves/toggle': { group: 'lists', tables: ['saved_items', 'notifications', 'events'], body: contentRef },
  'GET /api/users/:userId/content': { group: 'lists', tables: [], params: { userId: idOf('users') }, query: contentQuery },
  'GET /api/users/:userId/content/counts': { group: 'lists', tables: [], params: { userId: idOf('users') } },
  'GET /api/explore': { group: 'lists', tables: [], query: contentQuery },
  'GET /api/explore/counts': { group: 'lists', tables: [], query: contentQuery },
  'GET /api/explore/countries': { group: 'lists', tables: [] },
  'GET /api/tip-types': { group: 'lists', tables: [] },
  'GET /api/saved': { group: 'lists', tables: [], query: contentQuery, after: learnId('saved') },
  'GET /api/saved/counts': { group: 'lists', tables: [], query: contentQuery },
  'DELETE /api/saved/:id': { group: 'lists', tables: ['saved_items'], params: { id: idOf('saved') } },
};
