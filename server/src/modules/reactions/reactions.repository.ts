/**
 * Likes and saves (docs/product.md#likes-and-saves). Every function takes the transaction's executor: the row, the count
 * and the owner's notification (notifications.repository) commit together or not at all.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ContentType } from '@common/schemas/content-fields';
import type { Executor } from '@db/client';
import { notifyUnlessUnread } from '../notifications/notifications.repository';
import { guides, likes, savedItems, tips } from '@db/schema';
import { visibleTo } from '@db/visibility';

const contentTable = (type: ContentType) => (type === 'tip' ? tips : guides);

/**
 * The item's owner and whether the viewer may see it (db/visibility.ts), or undefined when it
 * does not exist. FOR KEY SHARE keeps the item
 * from being deleted until the toggle commits, and makes every toggle lock the item before its
 * like row, the same order a delete takes (item, then cascaded likes), so they cannot deadlock.
 */
export async function findTarget(db: Executor, type: ContentType, id: string, viewerId: string) {
  const table = contentTable(type);
  const [row] = await db
    .select({ userId: table.userId, visible: sql<boolean>`${visibleTo(table, viewerId)}` })
    .from(table)
    .where(eq(table.id, id))
    .for('key share');
  return row;
}

/** The row's target columns: exactly one of tipId and guideId is set. */
function target(type: ContentType, id: string) {
  return type === 'tip' ? { tipId: id, guideId: null } : { tipId: null, guideId: id };
}

/** Inserts the like unless it exists; true when this call inserted it. */
export async function insertLike(db: Executor, userId: string, type: ContentType, id: string): Promise<boolean> {
  const rows = await db
    .insert(likes)
    .values({ userId, ...target(type, id) })
    .onConflictDoNothing({ target: type === 'tip' ? [likes.userId, likes.tipId] : [likes.userId, likes.guideId] })
    .returning({ id: likes.id });
  return rows.length > 0;
}

/** Deletes the like if it exists; true when this call deleted it. */
export async function deleteLike(db: Executor, userId: string, type: ContentType, id: string): Promise<boolean> {
  const rows = await db
    .delete(likes)
    .where(and(eq(likes.userId, userId), type === 'tip' ? eq(likes.tipId, id) : eq(likes.guideId, id)))
    .returning({ id: likes.id });
  return rows.length > 0;
}

/** Adds delta to likes_count in place (the row lock orders concurrent toggles); the new count. */
export async function changeLikesCount(db: Executor, type: ContentType, id: string, delta: 1 | -1 | 0): Promise<number> {
  const table = contentTable(type);
  const [row] = await db
    .update(table)
    .set({ likesCount: sql`${table.likesCount} + ${delta}` })
    .where(eq(table.id, id))
    .returning({ likesCount: table.likesCount });
  if (!row) throw new Error('liked item vanished inside its transaction');
  return row.likesCount;
}

export async function likesCount(db: Executor, type: ContentType, id: string): Promise<number> {
  const table = contentTable(type);
  const [row] = await db.select({ likesCount: table.likesCount }).from(table).where(eq(table.id, id));
  return row?.likesCount ?? 0;
}

export async function insertSave(db: Executor, userId: string, type: ContentType, id: string): Promise<boolean> {
  const rows = await db
    .insert(savedItems)
    .values({ userId, ...target(type, id) })
    .onConflictDoNothing({
      target: type === 'tip' ? [savedItems.userId, savedItems.tipId] : [savedItems.userId, savedItems.guideId],
    })
    .returning({ id: savedItems.id });
  return rows.length > 0;
}

export async function deleteSave(db: Executor, userId: string, type: ContentType, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedItems)
    .where(and(eq(savedItems.userId, userId), type === 'tip' ? eq(savedItems.tipId, id) : eq(savedItems.guideId, id)))
    .returning({ id: savedItems.id });
  return rows.length > 0;
}

export interface ReactionNotice {
  userId: string;
  /** Null for a save: saves are anonymous (ADR 031). */
  actorId: string | null;
  type: 'like' | 'tip_saved' | 'guide_saved';
  content: string;
  contentType: ContentType;
  contentId: string;
}

/** The owner's notice of a like or save, unless the same one is still unread (ADR 007, 031). */
export function notifyOnce(db: Executor, n: ReactionNotice): Promise<boolean> {
  const { contentType, contentId, ...notice } = n;
  return notifyUnlessUnread(db, { ...notice, ...target(contentType, contentId) });
}
