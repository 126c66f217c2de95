/**
 * toggle_like and the save toggle (docs/product.md#likes-and-saves, docs/product.md#notifications). Each runs in one transaction: the like or
 * save row, likes_count and the owner's notification commit together.
 *
 * Concurrency (docs/product.md#likes-and-saves): the unique (user, item) index decides who wins. INSERT ... ON CONFLICT DO
 * NOTHING waits for an uncommitted insert or delete of the same key, so two toggles of one member
 * are serialised; the count moves only by the row this call really inserted or deleted, under
 * the item's row lock (UPDATE likes_count = likes_count ± 1). If a racing toggle removed the row
 * between our two statements, the loop tries again with a fresh snapshot.
 */
import type { ContentRef, LikeResult, SaveResult } from '@common/schemas/content';
import { CONTENT_TEXTS } from '@common/schemas/content';
import type { ContentType } from '@common/schemas/content-fields';
import { isForeignKeyViolation } from '@db/pg-errors';
import type { Database, Executor } from '@db/client';
import { ForbiddenError, NotFoundError } from '@server/lib/errors';
import { actorName } from '../notifications/notifications.repository';
import * as repo from './reactions.repository';

/** Each failed attempt means a racing toggle of the same member won; that number is bounded. */
const MAX_ATTEMPTS = 50;

export const likeNotificationText = (actor: string, type: ContentType) => `${actor} liked your ${type}`;
export const saveNotificationText = (type: ContentType) => `Someone saved your ${type}`;

export function createReactionsService(deps: { db: Database }) {
  const { db } = deps;

  /** The item's owner; 404 when missing or not visible to the caller (ADR 081), 403 when the caller's own. */
  async function ownerOf(ex: Executor, ref: ContentRef, userId: string, ownMessage: string): Promise<string> {
    const item = await repo.findTarget(ex, ref.contentType, ref.contentId, userId);
    if (!item?.visible) throw new NotFoundError(CONTENT_TEXTS.notFound);
    if (item.userId === userId) throw new ForbiddenError(ownMessage);
    return item.userId;
  }

  async function inTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new NotFoundError(CONTENT_TEXTS.notFound);
      throw error;
    }
  }

  async function toggleLike(ref: ContentRef, userId: string): Promise<LikeResult> {
    const { contentType: type, contentId: id } = ref;
    return inTransaction(async (tx) => {
      const ownerId = await ownerOf(tx, ref, userId, CONTENT_TEXTS.cannotLikeOwn);
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        if (await repo.insertLike(tx, userId, type, id)) {
          // The notice before the count: the item's row lock, which every toggle of the item
          // waits for, is then held for one statement only.
          await repo.notifyOnce(tx, {
            userId: ownerId,
            actorId: userId,
            type: 'like',
            content: likeNotificationText(await actorName(tx, userId), type),
            contentType: type,
            contentId: id,
          });
          return { liked: true, likesCount: await repo.changeLikesCount(tx, type, id, 1) };
        }
        if (await repo.deleteLike(tx, userId, type, id)) {
          return { liked: false, likesCount: await repo.changeLikesCount(tx, type, id, -1) };
        }
      }
      // Lost every race (another toggle of the same member kept flipping it): report what is.
      return { liked: false, likesCount: await repo.likesCount(tx, type, id) };
    });
  }

  async function toggleSave(ref: ContentRef, userId: string): Promise<SaveResult> {
    const { contentType: type, contentId: id } = ref;
    return inTransaction(async (tx) => {
      const ownerId = await ownerOf(tx, ref, userId, CONTENT_TEXTS.cannotSaveOwn);
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        if (await repo.insertSave(tx, userId, type, id)) {
          // Saves are anonymous (ADR 031): the notice names nobody and records no actor, so no
          // answer, live event or later deletion of the saver's account can tell who it was.
          await repo.notifyOnce(tx, {
            userId: ownerId,
            actorId: null,
            type: type === 'tip' ? 'tip_saved' : 'guide_saved',
            content: saveNotificationText(type),
            contentType: type,
            contentId: id,
          });
          return { saved: true };
        }
        if (await repo.deleteSave(tx, userId, type, id)) return { saved: false };
      }
      return { saved: false };
    });
  }

  return { toggleLike, toggleSave };
}

export type ReactionsService = ReturnType<typeof createReactionsService>;
