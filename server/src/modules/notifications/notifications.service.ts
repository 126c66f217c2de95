/**
 * The signed-in member's notifications (docs/product.md#notifications): only their own are listed,
 * counted and marked; someone else's id answers 403, an unknown one 404.
 */
import type { Notification, NotificationCounts } from '@common/schemas/notification';
import type { Database } from '@db/client';
import { TEXTS } from '@common/texts';
import { ForbiddenError, NotFoundError } from '@server/lib/errors';
import { decodeCursor, toPage } from '@server/lib/keyset';
import * as repo from './notifications.repository';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** Saves are anonymous (ADR 031): their notices never carry an actor, old rows included. */
const ANONYMOUS_TYPES: ReadonlySet<Notification['type']> = new Set(['tip_saved', 'guide_saved']);

export function toNotification(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    tipId: row.tipId,
    guideId: row.guideId,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    actor:
      row.actorId && !ANONYMOUS_TYPES.has(row.type)
        ? { id: row.actorId, name: row.actorName, username: row.actorUsername, profilePictureUrl: row.actorPictureUrl }
        : null,
  };
}

export function createNotificationsService(deps: { db: Database }) {
  const { db } = deps;

  async function list(userId: string, query: { filter: repo.NotificationFilter; cursor?: string; limit: number }) {
    const rows = await repo.listNotifications(db, userId, query.filter, decodeCursor(query.cursor), query.limit);
    return toPage(rows, query.limit, toNotification);
  }

  async function counts(userId: string): Promise<NotificationCounts> {
    return repo.countNotifications(db, userId);
  }

  async function setRead(userId: string, id: string, isRead: boolean): Promise<Notification> {
    if (!(await repo.setRead(db, userId, id, isRead))) {
      // Someone else's notification is refused as such (issue 6); an unknown id is 404.
      if (await repo.notificationExists(db, id)) throw new ForbiddenError(TEXTS.accessDenied);
      throw new NotFoundError(NOTIFICATION_NOT_FOUND);
    }
    const row = await repo.findNotification(db, userId, id);
    if (!row) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
    return toNotification(row);
  }

  async function markAllRead(userId: string): Promise<{ updated: number }> {
    return { updated: await repo.markAllRead(db, userId) };
  }

  return { list, counts, setRead, markAllRead };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
