/**
 * Blocks (issue 25, ADR 086): a member blocks another, which ends any connection or request
 * between them and hides each from the other (profiles, lists, content, notifications); only the
 * blocker lifts their own block. Only the member who blocks or unblocks hears a live event of it:
 * the other is never told who (issue 36, ADR 109).
 */
import { BLOCK_TEXTS, type BlockedMember } from '@common/schemas/block';
import type { Database } from '@db/client';
import { BadRequestError, ConflictError, NotFoundError } from '@server/lib/errors';
import { decodeCursor, toPage } from '@server/lib/keyset';
import { isActiveMember } from '../connections/connections.repository';
import * as repo from './blocks.repository';

export function createBlocksService(deps: { db: Database }) {
  const { db } = deps;

  /** POST /api/blocks: 400 self, 404 no such active member, 409 already blocked by the caller. */
  async function block(viewerId: string, memberId: string): Promise<void> {
    if (memberId === viewerId) throw new BadRequestError(BLOCK_TEXTS.self);
    await db.transaction(async (tx) => {
      await repo.lockPair(tx, viewerId, memberId);
      if (!(await isActiveMember(tx, memberId))) throw new NotFoundError(BLOCK_TEXTS.memberNotFound);
      if (!(await repo.insertBlock(tx, viewerId, memberId))) throw new ConflictError(BLOCK_TEXTS.alreadyBlocked);
      await repo.deletePairConnection(tx, viewerId, memberId);
      await repo.announceToActor(tx, viewerId, memberId, 'blocked');
    });
  }

  /** DELETE /api/blocks/:userId: the caller's own block only; 404 when they had none. */
  async function unblock(viewerId: string, memberId: string): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.lockPair(tx, viewerId, memberId);
      if (!(await repo.deleteBlock(tx, viewerId, memberId))) throw new NotFoundError(BLOCK_TEXTS.notBlocked);
      await repo.announceToActor(tx, viewerId, memberId, 'unblocked');
    });
  }

  /** GET /api/blocks: whom the caller blocked, newest first (keyset). */
  async function list(viewerId: string, query: { cursor?: string; limit: number }) {
    const rows = await repo.blockedBy(db, viewerId, decodeCursor(query.cursor), query.limit);
    return toPage(rows, query.limit, (row): BlockedMember => ({
      userId: row.id,
      name: row.name,
      username: row.username,
      profilePictureUrl: row.profilePictureUrl,
      blockedAt: row.createdAt.toISOString(),
    }));
  }

  return { block, unblock, list };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
