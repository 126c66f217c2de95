/** All SQL of the notifications module: the recipient's list, counts, read state, and writes. */
import { type SQL, and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '@db/client';
import { actorNotBlocked as actorNotBlockedSql } from '@db/blocks';
import { preparedPerShape } from '@db/prepared';
import { guides, notifications, profiles, tips } from '@db/schema';
import { visibleTo } from '@db/visibility';
import { type Cursor, beforeCursorPlaceholder, cursorText, pageLimit } from '@server/lib/keyset';
import { blockedEitherWay } from '../blocks/blocks.repository';
import { kindOfType } from '@common/schemas/notification-preferences';
import { enqueueNotificationEmail } from '@server/modules/notification-choices/notification-emails';
import { preferenceFor } from '@server/modules/notification-choices/preferences.repository';

export type NotificationFilter = 'all' | 'unread' | 'read';
type NotificationType = (typeof notifications.$inferInsert)['type'];

/** Written into the SQL, not bound: a generic plan can then use the partial unread index (db/visibility.ts). */
const isUnread = sql`${notifications.isRead} = false`;

const filterCondition = (filter: NotificationFilter): SQL | undefined =>
  filter === 'unread' ? isUnread : filter === 'read' ? sql`${notifications.isRead} = true` : undefined;

/**
 * Notices from a member the recipient blocked, or was blocked by, drop out of the list and the
 * counts (ADR 086); unblocking brings them back. An anti-join per row, by the blocks' primary key.
 */
const actorNotBlocked = actorNotBlockedSql(notifications.userId, notifications.actorId);

/**
 * The item a notification links to, only while its recipient may see it (ADR 081, 085): a
 * primary-key look-up per row of the page. Today every item notice goes to the item's author,
 * who always sees it (the first test, so the rule's member lists are not read for them); this
 * keeps any other notice from linking what its reader may not open.
 */
const linkedIf = (table: typeof tips | typeof guides, column: PgColumn) =>
  sql<string | null>`(SELECT ${table.id} FROM ${table} WHERE ${table.id} = ${column}
    AND (${table.userId} = ${notifications.userId} OR ${visibleTo(table, notifications.userId)}))`;

/** The columns of a notification with its actor's profile (null columns when there is none). */
const columns = {
  id: notifications.id,
  type: notifications.type,
  content: notifications.content,
  tipId: linkedIf(tips, notifications.tipId),
  guideId: linkedIf(guides, notifications.guideId),
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  cursorTs: cursorText(notifications.createdAt),
  actorId: profiles.userId,
  actorName: profiles.name,
  actorUsername: profiles.username,
  actorPictureUrl: profiles.profilePictureUrl,
};

export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/**
 * The recipient of the lists whose best plan is the same for everyone, walking their newest
 * first (all, read), hidden from the planner in a sub-select as search does (ADR 020): PostgreSQL
 * otherwise estimates a member with thousands of notifications as cheaper than its generic plan
 * and plans the list anew on every call. Unread stays in sight: for a member with a few unread
 * among thousands, reading the unread index beats walking them all.
 */
const recipientIs = (filter: NotificationFilter) =>
  filter === 'unread'
    ? eq(notifications.userId, sql.placeholder('userId'))
    : sql`${notifications.userId} = (SELECT ${sql.placeholder('userId')}::uuid)`;

/** The filter, whether a cursor is given, and the rows to read (limit + 1). */
type ListShape = `${NotificationFilter}:${'first' | 'after'}:${number}`;

const notificationPages = preparedPerShape((db, shape: ListShape) => {
  const [filter, page, rows] = shape.split(':') as [NotificationFilter, 'first' | 'after', string];
  return (
    db
      .select(columns)
      .from(notifications)
      .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
      .where(
        and(
          recipientIs(filter),
          filterCondition(filter),
          actorNotBlocked,
          page === 'after' ? beforeCursorPlaceholder(notifications.createdAt, notifications.id) : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      // Written into the SQL, as explore's (lib/keyset.ts): with `LIMIT $n` a generic plan must
      // assume a tenth of the rows and costs more than a custom one.
      .limit(pageLimit(Number(rows)))
      .prepare(`notifications_${filter}_${page}_${rows}`)
  );
});

/** The recipient's notifications newest first, limit + 1 rows (keyset, see lib/keyset); built once per shape. */
export function listNotifications(
  db: Executor,
  userId: string,
  filter: NotificationFilter,
  cursor: Cursor | null,
  limit: number,
) {
  return notificationPages(db, `${filter}:${cursor ? 'after' : 'first'}:${limit + 1}`).execute({
    userId,
    cursorTs: cursor?.createdAt,
    cursorId: cursor?.id,
  });
}

export async function findNotification(db: Executor, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

export async function countNotifications(db: Executor, userId: string) {
  const [row] = await db
    .select({
      all: count(),
      unread: sql<number>`count(*) filter (where ${notifications.isRead} = false)`.mapWith(Number),
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), actorNotBlocked));
  const all = row?.all ?? 0;
  const unread = row?.unread ?? 0;
  return { all, unread, read: all - unread };
}

/** Sets is_read on the recipient's own notification; false when there is none of theirs. */
export async function setRead(db: Executor, userId: string, id: string, isRead: boolean): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function notificationExists(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.id, id));
  return rows.length > 0;
}

/** Marks every unread notification of the recipient read; how many it changed. */
export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), isUnread))
    .returning({ id: notifications.id });
  return rows.length;
}

/** How a notification names its actor: profile name, else username, else 'Someone'. */
export async function actorName(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: profiles.name, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.name?.trim() || row?.username?.trim() || 'Someone';
}

export interface NewNotification {
  userId: string;
  actorId: string | null;
  type: NotificationType;
  content: string;
  tipId?: string | null;
  guideId?: string | null;
  /** What a notice with no tip or guide is about, to tell its e-mails apart (e.g. `member:<id>`). */
  aboutId?: string | null;
}

/**
 * Writes one notification; pass the transaction of the change it announces (docs/product.md#notifications). Nothing passes
 * between members who blocked each other (ADR 086): then it writes nothing and says false. Else
 * the recipient's choice for its kind (ADR 090) decides: e-mail "immediate" queues an e-mail job
 * in the same transaction, in-app off writes no row (false).
 */
export async function insertNotification(db: Executor, n: NewNotification): Promise<boolean> {
  if (n.actorId && (await blockedEitherWay(db, n.userId, n.actorId))) return false;
  const kind = kindOfType(n.type);
  const choice = kind ? await preferenceFor(db, n.userId, kind) : null;
  if (kind && choice?.email === 'immediate') await enqueueNotificationEmail(db, { ...n, kind });
  if (choice && !choice.inApp) return false;
  await db.insert(notifications).values({
    userId: n.userId,
    actorId: n.actorId,
    type: n.type,
    content: n.content,
    tipId: n.tipId ?? null,
    guideId: n.guideId ?? null,
  });
  return true;
}

/** Equal, or both null: the actor of a save and the item of a connection notice are null. */
const sameOrNull = (column: PgColumn, value: string | null | undefined) => (value ? eq(column, value) : isNull(column));

/**
 * Writes the notification unless an unread one of the same type, from the same actor, about the
 * same item already waits for the recipient (ADR 007, 031): toggling a like, re-saving, or
 * requesting and cancelling a connection again and again leaves one unread notice and fires no
 * further live event. A transaction-scoped advisory lock on that key makes two transactions
 * writing the same notice take turns (PostgreSQL; PGlite has one connection), so the second
 * sees the first's row. Pass the transaction of the change it announces (docs/product.md#notifications). Whether it wrote.
 */
export async function notifyUnlessUnread(db: Executor, n: NewNotification): Promise<boolean> {
  const key = ['notify', n.userId, n.actorId ?? '', n.type, n.tipId ?? '', n.guideId ?? ''].join(':');
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const [waiting] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, n.userId),
        sameOrNull(notifications.actorId, n.actorId),
        eq(notifications.type, n.type),
        sameOrNull(notifications.tipId, n.tipId),
        sameOrNull(notifications.guideId, n.guideId),
        isUnread,
      ),
    )
    .limit(1);
  if (waiting) return false;
  return insertNotification(db, n);
}
