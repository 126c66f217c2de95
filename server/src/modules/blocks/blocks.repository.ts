/** All SQL of blocks (issue 25, ADR 086): one row per direction, the pair's connection and live events. */
import { and, desc, eq, or } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { blocks, connections, events, profiles } from '@db/schema';
import { type Cursor, beforeCursor, cursorText } from '@server/lib/keyset';

/** Records the block; false when the blocker had already blocked them (the row stays as it was). */
export async function insertBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insert(blocks)
    .values({ blockerId, blockedId })
    .onConflictDoNothing()
    .returning({ blockedId: blocks.blockedId });
  return rows.length > 0;
}

/** Lifts the blocker's own block; false when there was none (the other direction stays). */
export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  return rows.length > 0;
}

/** Whether `blockerId` blocked `blockedId` (one direction). */
export async function hasBlocked(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return Boolean(row);
}

/** Ends whatever the pair had: an accepted connection, a pending request, a rejected one. */
export async function deletePairConnection(db: Executor, a: string, b: string): Promise<void> {
  await db
    .delete(connections)
    .where(
      or(
        and(eq(connections.requesterId, a), eq(connections.addresseeId, b)),
        and(eq(connections.requesterId, b), eq(connections.addresseeId, a)),
      ),
    );
}

/**
 * A `connections` live event to both members, naming the other one (a block, an unblock, a removal) (the client refreshes what it
 * shows and its offline copy drops the other's pages). Written in the block's transaction: NOTIFY
 * goes out at commit (migration 0005), so a rolled-back block announces nothing.
 */
export async function announceToBoth(
  db: Executor,
  a: string,
  b: string,
  change: 'blocked' | 'unblocked' | 'removed',
): Promise<void> {
  await db.insert(events).values([
    { userId: a, type: 'connections', payload: { memberId: b, change } },
    { userId: b, type: 'connections', payload: { memberId: a, change } },
  ]);
}

/** The blocker's Blocked members, newest block first, limit + 1 rows (keyset on created_at, blocked_id). */
export function blockedBy(db: Executor, blockerId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: blocks.blockedId,
      cursorTs: cursorText(blocks.createdAt),
      createdAt: blocks.createdAt,
      name: profiles.name,
      username: profiles.username,
      profilePictureUrl: profiles.profilePictureUrl,
    })
    .from(blocks)
    .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerId), beforeCursor(blocks.createdAt, blocks.blockedId, cursor)))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(limit + 1);
}

/** Whether the two blocked each other either way (a service's yes/no; lists use db/blocks.ts inline). */
export async function blockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return Boolean(row);
}
