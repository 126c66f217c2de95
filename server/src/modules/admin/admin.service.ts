/**
 * The admin panel's rules (issue 5, docs/product.md#the-admin-panel, ADR 013). Waymark always keeps one admin: a role
 * change or delete that would leave none is refused by the one rule of ADR 029 (last-admin.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_TEXTS, type AdminStats, type AdminUser, type PendingActivation } from '@common/schemas/admin';
import type { Role } from '@common/schemas/auth';
import type { SystemMessage } from '@common/schemas/system-message';
import type { TipType } from '@common/schemas/tip-type';
import type { Database } from '@db/client';
import { isUniqueViolation } from '@db/pg-errors';
import { ConflictError, NotFoundError } from '@server/lib/errors';
import { decodeCursor, toPage } from '@server/lib/keyset';
import { type AuthChanges, deleteUserEverywhere } from '../account/account.service';
import { assertAdminRemains } from '../account/last-admin';
import { replaceSignupToken } from '../invitations/invitations.repository';
import { signupUrl } from '../invitations/invitations.service';
import { newSignupToken } from '../invitations/signup-token';
import type { Mailer } from '../mail/mailer';
import { invitationApproval } from '../mail/templates';
import type { MediaStorage } from '../media/media-storage';
import { enqueueSystemMessageEmails } from '../notification-choices/system-message-emails';
import { type Actor, insertAudit } from '../audit/audit.repository';
import * as repo from './admin.repository';

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
type MessageRow = Awaited<ReturnType<typeof repo.insertMessage>>;
type TipTypeRow = Awaited<ReturnType<typeof repo.insertTipType>>;

const toUser = (r: UserRow): AdminUser => ({
  userId: r.id,
  name: r.name,
  username: r.username,
  email: r.email,
  role: r.role,
  createdAt: r.createdAt.toISOString(),
  suspension: r.isSuspended ? { until: r.suspendedUntil?.toISOString() ?? null } : null,
});
const toMessage = (r: MessageRow): SystemMessage => ({ ...r, createdAt: r.createdAt.toISOString() });
const toTipType = (r: TipTypeRow): TipType => ({ id: r.id, name: r.name, color: r.color, createdAt: r.createdAt.toISOString() });

export interface AdminDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  authChanges: AuthChanges;
}

export function createAdminService(deps: AdminDeps) {
  const { db, mailer, log } = deps;

  async function stats(): Promise<AdminStats> {
    return repo.stats(db);
  }

  async function listUsers(cursor: string | undefined, limit: number, q?: string) {
    const rows = await repo.listUsers(db, decodeCursor(cursor), limit, q || undefined);
    return toPage(rows, limit, toUser);
  }

  /** Takes effect on the member's next request, in every process (the session cache forgets them). */
  async function changeRole(userId: string, role: Role, actor: Actor): Promise<AdminUser> {
    const row = await db.transaction(async (tx) => {
      await assertAdminRemains(tx, userId, role);
      const before = await repo.findUser(tx, userId);
      if (!before) throw new NotFoundError('User not found');
      await repo.setRole(tx, userId, role);
      await insertAudit(tx, actor, {
        action: 'role.change',
        targetType: 'member',
        targetId: userId,
        before: { role: before.role },
        after: { role },
      });
      return repo.findUser(tx, userId);
    });
    deps.authChanges.forgetUser(userId);
    if (!row) throw new NotFoundError('User not found');
    return toUser(row);
  }

  /** docs/product.md#deleting-an-account: the same deletion as DELETE /api/account, which refuses the last admin (ADR 029). */
  async function deleteUser(userId: string, actor: Actor): Promise<void> {
    const before = await repo.findUser(db, userId);
    const deleted = await deleteUserEverywhere(db, deps.storage, userId, log);
    deps.authChanges.forgetUser(userId);
    if (!deleted) throw new NotFoundError('User not found');
    await insertAudit(db, actor, {
      action: 'member.delete',
      targetType: 'member',
      targetId: userId,
      before: before ? { email: before.email, name: before.name, username: before.username, role: before.role } : null,
    });
  }

  async function listActivations(): Promise<PendingActivation[]> {
    const rows = await repo.listActivations(db);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }

  /** A fresh token replaces every earlier one (old links stop working), then the approval e-mail again. */
  async function resendActivation(id: string, actor: Actor): Promise<{ isEmailSent: boolean }> {
    const { token, ...tokenRow } = newSignupToken();
    const activation = await db.transaction(async (tx) => {
      const row = await repo.lockActivation(tx, id);
      if (!row) return row;
      await replaceSignupToken(tx, row.id, tokenRow);
      await insertAudit(tx, actor, {
        action: 'activation.resend',
        targetType: 'activation',
        targetId: id,
        after: { email: row.email },
      });
      return row;
    });
    if (!activation) throw new NotFoundError('Pending activation not found');
    const message = invitationApproval(activation, signupUrl(deps.publicUrl, activation, token));
    try {
      await mailer.send(message);
      return { isEmailSent: true };
    } catch (error) {
      log.warn({ err: error, to: message.to, subject: message.subject }, 'e-mail could not be sent');
      return { isEmailSent: false };
    }
  }

  async function deleteActivation(id: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await repo.lockActivation(tx, id);
      if (!before || !(await repo.deleteActivation(tx, id))) throw new NotFoundError('Pending activation not found');
      await insertAudit(tx, actor, {
        action: 'activation.delete',
        targetType: 'activation',
        targetId: id,
        before: { email: before.email, fullName: before.fullName },
      });
    });
  }

  async function listMessages(): Promise<SystemMessage[]> {
    return (await repo.listMessages(db)).map(toMessage);
  }

  async function createMessage(input: { title: string; content: string }, actor: Actor): Promise<SystemMessage> {
    return db.transaction(async (tx) => {
      const row = await repo.insertMessage(tx, { ...input, createdBy: actor.userId });
      // E-mailed to members who chose system messages right away (ADR 090).
      await enqueueSystemMessageEmails(tx, row.id);
      await insertAudit(tx, actor, { action: 'message.create', targetType: 'system_message', targetId: row.id, after: input });
      return toMessage(row);
    });
  }

  async function updateMessage(
    id: string,
    set: { title?: string; content?: string; isActive?: boolean },
    actor: Actor,
  ): Promise<SystemMessage> {
    return db.transaction(async (tx) => {
      const before = await repo.findMessage(tx, id);
      const row = before && (await repo.updateMessage(tx, id, set));
      if (!before || !row) throw new NotFoundError('System message not found');
      const { title, content, isActive } = before;
      await insertAudit(tx, actor, {
        action: 'message.update',
        targetType: 'system_message',
        targetId: id,
        before: { title, content, isActive },
        after: set,
      });
      return toMessage(row);
    });
  }

  async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(ADMIN_TEXTS.tipTypeExists, { code: 'tip_type_exists', field: 'name' });
      throw error;
    }
  }

  async function createTipType(name: string, actor: Actor): Promise<TipType> {
    const row = await uniqueName(() =>
      db.transaction(async (tx) => {
        const created = await repo.insertTipType(tx, name);
        await insertAudit(tx, actor, {
          action: 'tip_type.create',
          targetType: 'tip_type',
          targetId: created.id,
          after: { name },
        });
        return created;
      }),
    );
    return toTipType(row);
  }

  async function renameTipType(id: string, name: string, actor: Actor): Promise<TipType> {
    const row = await uniqueName(() =>
      db.transaction(async (tx) => {
        const before = await repo.findTipType(tx, id);
        const renamed = before && (await repo.renameTipType(tx, id, name));
        if (before && renamed) {
          await insertAudit(tx, actor, {
            action: 'tip_type.rename',
            targetType: 'tip_type',
            targetId: id,
            before: { name: before.name },
            after: { name },
          });
        }
        return renamed;
      }),
    );
    if (!row) throw new NotFoundError('Tip type not found');
    return toTipType(row);
  }

  return {
    stats,
    listUsers,
    changeRole,
    deleteUser,
    listActivations,
    resendActivation,
    deleteActivation,
    listMessages,
    createMessage,
    updateMessage,
    createTipType,
    renameTipType,
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
