/**
 * The admin's actions on reported things (issue 25, ADR 088): dismiss, hide / unhide, suspend /
 * lift, delete. Each writes its audit entry in the transaction of its change (ADR 089); dismiss,
 * hide, suspend and delete close the thing's open reports and tell each reporter the outcome in a
 * `moderation` notification that names no one.
 */
import type { FastifyBaseLogger } from 'fastify';
import { MODERATION_TEXTS, REPORT_OUTCOME_NOTICES, type ModerationAction } from '@common/schemas/moderation';
import type { ReportOutcome, ReportTarget } from '@common/schemas/report';
import type { Database, Executor } from '@db/client';
import { BadRequestError, NotFoundError } from '@server/lib/errors';
import { type AuthChanges, deleteUserEverywhere } from '../account/account.service';
import { type Actor, insertAudit } from '../audit/audit.repository';
import { deleteSessionsOf } from '../auth/auth.repository';
import type { GuidesService } from '../guides/guides.service';
import type { MediaStorage } from '../media/media-storage';
import { insertNotification } from '../notifications/notifications.repository';
import type { TipsService } from '../tips/tips.service';
import * as repo from './moderation.repository';

export interface ModerationDeps {
  db: Database;
  tips: TipsService;
  guides: GuidesService;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  authChanges: AuthChanges;
}

type Result = { closedReports: number };

async function tellReporters(db: Executor, reporterIds: string[], outcome: ReportOutcome) {
  for (const userId of reporterIds) {
    await insertNotification(db, { userId, actorId: null, type: 'moderation', content: REPORT_OUTCOME_NOTICES[outcome] });
  }
}

function itemTarget(target: ReportTarget): 'tip' | 'guide' {
  if (target === 'member') throw new BadRequestError(MODERATION_TEXTS.noSuchAction);
  return target;
}

/** A future instant, or null (until lifted); anything else is refused under the field. */
function untilOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const until = new Date(value);
  if (until.getTime() <= Date.now()) throw new BadRequestError(MODERATION_TEXTS.untilInPast);
  return until;
}

export function createModerationService(deps: ModerationDeps) {
  const { db } = deps;

  /** The member an action on this thing concerns: the member, or the item's author. */
  async function memberOf(target: ReportTarget, id: string): Promise<string> {
    const memberId = target === 'member' ? (await repo.findMember(db, id))?.id : (await repo.findItem(db, target, id))?.userId;
    if (!memberId) throw new NotFoundError();
    return memberId;
  }

  async function dismiss(a: ModerationAction, actor: Actor): Promise<Result> {
    return db.transaction(async (tx) => {
      const reporters = await repo.closeReports(tx, a.target, a.targetId, 'dismissed', actor.userId);
      if (reporters.length === 0) throw new NotFoundError(MODERATION_TEXTS.noOpenReports);
      await tellReporters(tx, reporters, 'dismissed');
      await insertAudit(tx, actor, {
        action: 'report.dismiss',
        targetType: a.target,
        targetId: a.targetId,
        before: { open: true },
        after: { outcome: 'dismissed', reporters: reporters.length },
      });
      return { closedReports: reporters.length };
    });
  }

  async function setHidden(a: ModerationAction, actor: Actor, hidden: boolean): Promise<Result> {
    const target = itemTarget(a.target);
    return db.transaction(async (tx) => {
      const before = await repo.setHidden(tx, target, a.targetId, hidden);
      if (!before) throw new NotFoundError();
      const reporters = hidden ? await repo.closeReports(tx, target, a.targetId, 'hidden', actor.userId) : [];
      await tellReporters(tx, reporters, 'hidden');
      await insertAudit(tx, actor, {
        action: `${target}.${hidden ? 'hide' : 'unhide'}`,
        targetType: target,
        targetId: a.targetId,
        before: { hidden: before.hiddenAt !== null },
        after: { hidden },
      });
      return { closedReports: reporters.length };
    });
  }

  /** Sessions end with the suspension; their live streams hear it through the session cache. */
  async function suspend(a: ModerationAction, actor: Actor): Promise<Result> {
    const until = untilOf(a.until);
    const memberId = await memberOf(a.target, a.targetId);
    if (memberId === actor.userId) throw new BadRequestError(MODERATION_TEXTS.suspendSelf);
    const result = await db.transaction(async (tx) => {
      const before = await repo.findSuspension(tx, memberId);
      await repo.upsertSuspension(tx, { userId: memberId, until, createdBy: actor.userId });
      await deleteSessionsOf(tx, memberId);
      const reporters = await repo.closeReports(tx, a.target, a.targetId, 'suspended', actor.userId);
      await tellReporters(tx, reporters, 'suspended');
      await insertAudit(tx, actor, {
        action: 'member.suspend',
        targetType: 'member',
        targetId: memberId,
        before: { suspended: before !== undefined, until: before?.until?.toISOString() ?? null },
        after: {
          suspended: true,
          until: until?.toISOString() ?? null,
          via: a.target === 'member' ? null : `${a.target}:${a.targetId}`,
        },
      });
      return { closedReports: reporters.length };
    });
    deps.authChanges.forgetUser(memberId);
    return result;
  }

  async function lift(a: ModerationAction, actor: Actor): Promise<Result> {
    const memberId = await memberOf(a.target, a.targetId);
    return db.transaction(async (tx) => {
      const before = await repo.findSuspension(tx, memberId);
      if (!before || !(await repo.deleteSuspension(tx, memberId))) throw new NotFoundError('This member is not suspended.');
      await insertAudit(tx, actor, {
        action: 'member.lift',
        targetType: 'member',
        targetId: memberId,
        before: { suspended: true, until: before.until?.toISOString() ?? null },
        after: { suspended: false },
      });
      return { closedReports: 0 };
    });
  }

  /**
   * Deleting goes through the owner's own deletion path (the item's, or the account's, D10), which
   * takes the reports with it (ON DELETE CASCADE); the reporters are read first and told after.
   */
  async function remove(a: ModerationAction, actor: Actor): Promise<Result> {
    const reporters = await repo.openReportersOf(db, a.target, a.targetId);
    let before: Record<string, unknown>;
    if (a.target === 'member') {
      const member = await repo.findMember(db, a.targetId);
      if (!member) throw new NotFoundError();
      if (member.id === actor.userId) throw new BadRequestError(MODERATION_TEXTS.noSuchAction);
      before = { name: member.name, username: member.username };
      const deleted = await deleteUserEverywhere(db, deps.storage, a.targetId, deps.log);
      deps.authChanges.forgetUser(a.targetId);
      if (!deleted) throw new NotFoundError();
    } else {
      const item = await repo.findItem(db, a.target, a.targetId);
      if (!item) throw new NotFoundError();
      before = { title: item.title, authorId: item.userId, visibility: item.visibility, hidden: item.hiddenAt !== null };
      if (a.target === 'tip') await deps.tips.remove(a.targetId, item.userId);
      else await deps.guides.remove(item.userId, a.targetId);
    }
    await db.transaction(async (tx) => {
      await tellReporters(tx, reporters, 'deleted');
      await insertAudit(tx, actor, {
        action: `${a.target}.delete`,
        targetType: a.target,
        targetId: a.targetId,
        before,
        after: null,
      });
    });
    return { closedReports: reporters.length };
  }

  async function act(a: ModerationAction, actor: Actor): Promise<Result> {
    switch (a.action) {
      case 'dismiss':
        return dismiss(a, actor);
      case 'hide':
        return setHidden(a, actor, true);
      case 'unhide':
        return setHidden(a, actor, false);
      case 'suspend':
        return suspend(a, actor);
      case 'lift':
        return lift(a, actor);
      case 'delete':
        return remove(a, actor);
    }
  }

  return { act };
}

export type ModerationService = ReturnType<typeof createModerationService>;
