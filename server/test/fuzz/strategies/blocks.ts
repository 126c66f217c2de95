/** Blocks and removing a connection (issue 25, ADRs 086, 087). */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { blocks } from '@db/schema';
import type { Strategies } from '../strategy';
import type { World } from '../world';
import { idOf } from './helpers';

/** A block ends the pair's connection and tells both members (events); it never notifies. */
const blockChange = ['blocks', 'connections', 'member_connection_lists', 'events'];

/** The caller's blocks lifted again: later routes of the file read the other member's profile and content. */
async function unblockAll(w: World) {
  await w.t.db.delete(blocks).where(eq(blocks.blockerId, w.me.id));
}

export const BLOCKS: Strategies = {
  'GET /api/blocks': { group: 'social', tables: [] },
  'POST /api/blocks': {
    group: 'social',
    tables: blockChange,
    body: (w) => fc.record({ memberId: w.ids.users.arb() }),
    restore: unblockAll,
  },
  'DELETE /api/blocks/:userId': {
    group: 'social',
    tables: ['blocks', 'events'],
    params: { userId: idOf('users') },
    restore: unblockAll,
  },
  'POST /api/connections/:id/remove': {
    group: 'social',
    tables: ['connections', 'member_connection_lists', 'events'],
    params: { id: idOf('connections') },
  },
};
