/**
 * Waymark always keeps an admin (docs/product.md#roles, ADR 013, ADR 029). The ONE rule for every path that
 * removes or demotes an account: the admin panel's role change and deletion, DELETE /api/account,
 * self-demotion. Call it first thing inside the write's transaction.
 */
import { ADMIN_TEXTS } from '@common/schemas/admin';
import type { Role } from '@common/schemas/auth';
import type { Executor } from '@db/client';
import { ConflictError } from '@server/lib/errors';
import { lockAdminRoles } from './account.repository';

/**
 * Locks every admin's role row until commit (in one order, so two callers never deadlock), then
 * refuses (409) when `userId` is the only admin and would stop being one (`nextRole` null: the
 * account is deleted). Two admins demoting or deleting each other at once are serialised: the
 * second re-reads the rows after the first commits, sees one admin left, and is refused.
 */
export async function assertAdminRemains(tx: Executor, userId: string, nextRole: Role | null): Promise<void> {
  if (nextRole === 'admin') return;
  const admins = await lockAdminRoles(tx);
  if (admins.length <= 1 && admins.some((a) => a.userId === userId)) throw new ConflictError(ADMIN_TEXTS.lastAdmin);
}
