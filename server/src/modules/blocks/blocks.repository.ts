/** All SQL of blocks (issue 25, ADR 086): one row per direction, the pair's connection and live events. */
import { and, desc, eq, or, sql } from 'drizzle-orm';
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
 * A removed connection, announced to both members as a `connections` live event naming the other:
 * each client refreshes what it shows and its offline copy drops the other's pages. Written in
 * the change's transaction: NOTIFY goes out at commit (migration 0005), so a rolled-back change
 * announces nothing.
 */
export async function announceToBoth(db: Executor, a: string, b: string, change: 'removed'): Promise<void> {
  await db.insert(events).values([
    { userId: a, type: 'connections', payload: { memberId: b, change } },
    { userId: b, type: 'connections', payload: { memberId: a, change } },
  ]);
}

/**
 * A block or an unblock is announced to the member who made it only (issue 36, ADR 109): the
 * other member's stream, and its 24-hour replay, never names who blocked them. Their screens
 * learn it on their next read, as of any item that stops being shown to them.
 */
export async function announceToActor(
  db: Executor,
  actorId: string,
  otherId: string,
  change: 'blocked' | 'unblocked',
): Promise<void> {
  await db.insert(events).values({ userId: actorId, type: 'connections', payload: { memberId: otherId, change } });
}

/**
 * Serialises every change to a pair's relation (a request, a block) in one transaction at a
 * time, whatever rows exist yet: a request that checked "no block" cannot commit its row after
 * a block that found no row to delete (issue 36). Released when the transaction ends.
 */
export async function lockPair(db: Executor, a: string, b: string): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('waymark:pair'), hashtext(${`${low}:${high}`}))`);
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
