/**
 * Deleting a member everywhere (docs/product.md#deleting-an-account, ADR 011): the account's own DELETE /api/account and the
 * admin panel's "delete user" call the same `deleteUserEverywhere`, which never deletes the last
 * admin (ADR 029).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@db/client';
import type { MediaStorage } from '../media/media-storage';
import { removeUploadFolders } from '../media/photo-files';
import * as tipsRepo from '../tips/tips.repository';
import * as repo from './account.repository';
import { assertAdminRemains } from './last-admin';

export interface DeleteUserDeps {
  db: Database;
  storage: MediaStorage;
  /** Where a failed file removal is reported (the database is the truth; it never fails the call). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Told when a user's sessions or role change (the session cache, ADR 016). */
  authChanges: AuthChanges;
}

export interface AuthChanges {
  forgetUser(userId: string): void;
}

/**
 * In ONE transaction: refuse (409) when they are the last admin (the admin rows stay locked until
 * commit, ADR 029); lock their guides and tips, then the user (the order every write locks in,
 * see lockContentOf); take their likes off other members' counters; turn items of other members'
 * guides that point at their tips into custom items (the tips module's ADR 006 conversion);
 * delete the users row, which cascades to everything else of theirs. After commit, their upload
 * folders in every bucket are removed. Returns false when there was no such user.
 */
export async function deleteUserEverywhere(
  db: Database,
  storage: MediaStorage,
  userId: string,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean> {
  const deleted = await db.transaction(async (tx) => {
    await assertAdminRemains(tx, userId, null);
    await repo.lockContentOf(tx, userId);
    if (!(await repo.lockUser(tx, userId))) return false;
    await repo.unlikeOthersContent(tx, userId);
    for (const tipId of await repo.tipsInOthersGuides(tx, userId)) {
      const tip = await tipsRepo.lockTip(tx, tipId);
      if (tip) await tipsRepo.detachFromGuides(tx, tip);
    }
    return repo.deleteUser(tx, userId);
  });
  if (deleted) await removeUploadFolders(storage, userId, log);
  return deleted;
}

export function createAccountService(deps: DeleteUserDeps) {
  const { db, storage, log } = deps;
  /** For the admin panel too: false when there is no such user. */
  async function deleteUser(userId: string): Promise<boolean> {
    const deleted = await deleteUserEverywhere(db, storage, userId, log);
    deps.authChanges.forgetUser(userId);
    return deleted;
  }
  /** DELETE /api/account: the signed-in member deletes themselves. */
  async function deleteOwnAccount(userId: string): Promise<void> {
    await deleteUser(userId);
  }
  return { deleteOwnAccount, deleteUser };
}

export type AccountService = ReturnType<typeof createAccountService>;
