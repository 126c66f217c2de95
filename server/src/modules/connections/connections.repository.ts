/**
 * All SQL of the connections module. One row per pair whichever way round (the unique
 * connections_pair_unique index on least/greatest of the two ids, docs/product.md#connections).
 */
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { ConnectionStatus } from '@common/schemas/connection';
import type { Executor } from '@db/client';
import { notBlockedEitherWay } from '@db/blocks';
import { connections, userRoles, users } from '@db/schema';
import { type Cursor, beforeCursor, cursorText } from '@server/lib/keyset';

export type ConnectionRow = typeof connections.$inferSelect;

const pairCondition = (a: string, b: string) =>
  or(
    and(eq(connections.requesterId, a), eq(connections.addresseeId, b)),
    and(eq(connections.requesterId, b), eq(connections.addresseeId, a)),
  );

/** True when the user exists with role user or admin (not pending). */
export async function isActiveMember(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, ['user', 'admin'])));
  return Boolean(row);
}

/** The pair's row, whichever way round; `lock` takes FOR UPDATE so transitions serialise. */
export async function findPair(db: Executor, a: string, b: string, lock = false): Promise<ConnectionRow | undefined> {
  const query = db.select().from(connections).where(pairCondition(a, b));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function findById(db: Executor, id: string, lock = false): Promise<ConnectionRow | undefined> {
  const query = db.select().from(connections).where(eq(connections.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/**
 * Inserts a pending request unless the pair already has a row; undefined when it had one (a
 * racing request of the same pair committed first: ON CONFLICT waits for it, then skips).
 */
export async function insertPending(db: Executor, requesterId: string, addresseeId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .insert(connections)
    .values({ requesterId, addresseeId, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Re-request of a blocked pair: pending again, with the new requester and addressee. */
export async function rerequest(
  db: Executor,
  id: string,
  requesterId: string,
  addresseeId: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(connections)
    .set({ status: 'pending', requesterId, addresseeId, updatedAt: sql`now()` })
    .where(and(eq(connections.id, id), eq(connections.status, 'blocked')))
    .returning();
  return row;
}

export async function setStatus(db: Executor, id: string, status: 'accepted' | 'blocked'): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(connections)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(connections.id, id), eq(connections.status, 'pending')))
    .returning();
  return row;
}

/** Removes an accepted connection (either member, issue 25, ADR 087); false when it is not accepted now. */
export async function deleteAccepted(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(connections)
    .where(and(eq(connections.id, id), eq(connections.status, 'accepted')))
    .returning({ id: connections.id });
  return rows.length > 0;
}

export async function deletePending(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(connections)
    .where(and(eq(connections.id, id), eq(connections.status, 'pending')))
    .returning({ id: connections.id });
  return rows.length > 0;
}

/**
 * The member's rows in these statuses (pending and accepted for their own lists, accepted for
 * anyone's view of them), latest change first. Blocked rows only keep a pair from asking again.
 */
export function connectionsOf(
  db: Executor,
  userId: string,
  statuses: readonly Exclude<ConnectionStatus, 'blocked'>[],
  /** Another member looking: members they blocked, or who blocked them, are left out (ADR 086). */
  viewerId?: string,
) {
  const other = sql`case when ${connections.requesterId} = ${userId}::uuid then ${connections.addresseeId} else ${connections.requesterId} end`;
  return db
    .select()
    .from(connections)
    .where(
      and(
        or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)),
        inArray(connections.status, [...statuses]),
        viewerId && viewerId !== userId ? notBlockedEitherWay(viewerId, other) : undefined,
      ),
    )
    .orderBy(desc(connections.updatedAt), desc(connections.id));
}

/**
 * Discover: active members (role user or admin) other than the viewer whose relation to the
 * viewer is none (no pair row, or a rejected one), and neither blocked the other (ADR 086),
 * newest accounts first, limit + 1 rows.
 */
export function discover(db: Executor, viewerId: string, cursor: Cursor | null, limit: number) {
  const viewer = sql`${viewerId}::uuid`;
  return db
    .select({ id: users.id, cursorTs: cursorText(users.createdAt) })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        inArray(userRoles.role, ['user', 'admin']),
        ne(users.id, viewer),
        sql`not exists (
          select 1 from ${connections}
          where ${connections.status} <> 'blocked'
            and ((${connections.requesterId} = ${viewer} and ${connections.addresseeId} = ${users.id})
              or (${connections.requesterId} = ${users.id} and ${connections.addresseeId} = ${viewer}))
        )`,
        notBlockedEitherWay(viewer, users.id),
        beforeCursor(users.createdAt, users.id, cursor),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit + 1);
}
