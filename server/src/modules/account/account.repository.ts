/**
 * Deleting a member (docs/product.md#deleting-an-account, ADR 011). Every function takes the transaction's executor: the counter
 * fixes, the guide item conversion and the delete commit together or not at all.
 */
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { guideTips, guides, likes, tips, userRoles, users } from '@db/schema';

/**
 * Locks the member's guides, then their tips, until commit. Every write takes its locks in this
 * order (guides, then tips, then users rows): a guide edit locks the guide, then its tips; a like
 * locks the item, then, through the notification's foreign key, the owner's users row. Deleting
 * a member takes the same order, so it waits for such a write instead of deadlocking with it.
 */
export async function lockContentOf(db: Executor, userId: string): Promise<void> {
  await db.select({ id: guides.id }).from(guides).where(eq(guides.userId, userId)).orderBy(guides.id).for('update');
  await db.select({ id: tips.id }).from(tips).where(eq(tips.userId, userId)).orderBy(tips.id).for('update');
}

/**
 * Locks the users row until commit; undefined when there is no such user. Any concurrent write
 * that references the user (a like, a save, a tip) waits for the delete and then fails its
 * foreign key, so nothing of theirs can slip in between the counter fixes and the delete.
 */
export async function lockUser(db: Executor, userId: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/**
 * Takes this user's likes off the counters of OTHER members' tips and guides (their own items go
 * with them). A member likes an item at most once (docs/product.md#likes-and-saves), so each liked item loses exactly one.
 */
export async function unlikeOthersContent(db: Executor, userId: string): Promise<void> {
  // An unlike does not lock the user row (a like insert does, through its foreign key), so one
  // in flight could commit while the UPDATEs below run on an older view of likes and take its
  // like off the counter a second time. Locking this user's likes first waits for it; each
  // UPDATE then starts with a fresh snapshot (READ COMMITTED) that sees it.
  await db.select({ id: likes.id }).from(likes).where(eq(likes.userId, userId)).for('update');
  // Guides before tips: the order of the locks a guide edit takes (lockContentOf).
  const likedGuides = db
    .select({ id: likes.guideId })
    .from(likes)
    .where(and(eq(likes.userId, userId), isNotNull(likes.guideId)));
  await db
    .update(guides)
    .set({ likesCount: sql`greatest(${guides.likesCount} - 1, 0)` })
    .where(and(inArray(guides.id, likedGuides), ne(guides.userId, userId)));
  const likedTips = db
    .select({ id: likes.tipId })
    .from(likes)
    .where(and(eq(likes.userId, userId), isNotNull(likes.tipId)));
  await db
    .update(tips)
    .set({ likesCount: sql`greatest(${tips.likesCount} - 1, 0)` })
    .where(and(inArray(tips.id, likedTips), ne(tips.userId, userId)));
}

/** Ids of this user's tips that items of OTHER members' guides point at. */
export async function tipsInOthersGuides(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: tips.id })
    .from(tips)
    .innerJoin(guideTips, eq(guideTips.tipId, tips.id))
    .innerJoin(guides, eq(guides.id, guideTips.guideId))
    .where(and(eq(tips.userId, userId), ne(guides.userId, userId)))
    .orderBy(tips.id);
  return rows.map((r) => r.id);
}

/**
 * Deletes the users row; the foreign keys cascade to the profile, role, sessions, accounts, tips,
 * guides (with their items, likes and saves), likes, saved items, notifications sent and
 * received, connections and events.
 */
export async function deleteUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** Every admin's role row, locked until commit in one order (so two callers never deadlock): last-admin.ts. */
export async function lockAdminRoles(tx: Executor): Promise<{ userId: string }[]> {
  return tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .orderBy(asc(userRoles.userId))
    .for('update');
}
