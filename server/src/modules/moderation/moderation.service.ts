/**
 * The admin's actions on reported things (issue 25, ADR 088): dismiss, hide / unhide, suspend /
 * lift, delete. Each writes its audit entry in the transaction of its change (ADR 089); dismiss,
 * hide, suspend and delete close the thing's open reports and tell each reporter the outcome in a
 * `moderation` notification that names no one. hide, suspend and delete carry the admin's reason
 * (issue 36, ADR 106): the member concerned is told it in a `content_moderated` notification that
 * names no reporter, and each decision that closed reports is kept for the Handled view.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AUTHOR_NOTICES, MODERATION_TEXTS, REPORT_OUTCOME_NOTICES, type ModerationAction } from '@common/schemas/moderation';
import type { ReportOutcome, ReportTarget } from '@common/schemas/report';
import type { Database, Executor } from '@db/client';
import { BadRequestError, NotFoundError } from '@server/lib/errors';
import { type AuthChanges, deleteUserEverywhere } from '../account/account.service';
import { type Actor, insertAudit } from '../audit/audit.repository';
import { endSessionsOf } from '../auth/session-epoch.repository';
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

/** The member concerned is told what happened and why; no actor, so no reporter nor admin is named. */
async function tellMember(
  db: Executor,
  userId: string,
  what: 'hidden' | 'shown' | 'deleted' | 'suspended',
  content: string,
  item?: { target: 'tip' | 'guide'; id: string },
): Promise<void> {
  await insertNotification(db, {
    userId,
    actorId: null,
    type: 'content_moderated',
    content,
    // Hidden, shown again and hidden the same day: each its own e-mail.
    aboutId: what,
    tipId: item?.target === 'tip' ? item.id : null,
    guideId: item?.target === 'guide' ? item.id : null,
  });
}

/** Keeps the decision for the Handled view when it closed reports (ADR 106). */
async function recordDecision(
  db: Executor,
  a: ModerationAction,
  actor: Actor,
  outcome: ReportOutcome,
  closed: repo.ReportsSummary,
  about: { title: string | null; memberId: string | null },
): Promise<void> {
  if (closed.count === 0) return;
  await repo.insertDecision(db, {
    outcome,
    targetType: a.target,
    targetId: a.targetId,
    title: about.title,
    memberId: about.memberId,
    reason: a.reason ?? null,
    note: a.note || null,
    moderatorId: actor.userId,
    reportCount: closed.count,
    reportReasons: closed.reasons,
  });
}

/** The reason in an audit entry's after (only when given). */
const why = (a: ModerationAction) => ({ ...(a.reason ? { reason: a.reason } : {}), ...(a.note ? { note: a.note } : {}) });

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

  /** The title and member of the thing, as the Handled view keeps them. */
  async function aboutThing(target: ReportTarget, id: string) {
    if (target === 'member') {
      const m = await repo.findMember(db, id);
      return { title: m ? (m.name ?? m.username) : null, memberId: m?.id ?? null };
    }
    const item = await repo.findItem(db, target, id);
    return { title: item?.title ?? null, memberId: item?.userId ?? null };
  }

  async function dismiss(a: ModerationAction, actor: Actor): Promise<Result> {
    const about = await aboutThing(a.target, a.targetId);
    return db.transaction(async (tx) => {
      const closed = await repo.closeReports(tx, a.target, a.targetId, 'dismissed', actor.userId);
      if (closed.count === 0) throw new NotFoundError(MODERATION_TEXTS.noOpenReports);
      await tellReporters(tx, closed.reporters, 'dismissed');
      await recordDecision(tx, a, actor, 'dismissed', closed, about);
      await insertAudit(tx, actor, {
        action: 'report.dismiss',
        targetType: a.target,
        targetId: a.targetId,
        before: { open: true },
        after: { outcome: 'dismissed', reporters: closed.reporters.length, ...why(a) },
      });
      return { closedReports: closed.reporters.length };
    });
  }

  async function setHidden(a: ModerationAction, actor: Actor, hidden: boolean): Promise<Result> {
    const target = itemTarget(a.target);
    return db.transaction(async (tx) => {
      const before = await repo.setHidden(tx, target, a.targetId, hidden);
      if (!before) throw new NotFoundError();
      const item = await repo.findItem(tx, target, a.targetId);
      const closed = hidden
        ? await repo.closeReports(tx, target, a.targetId, 'hidden', actor.userId)
        : { reporters: [], reasons: [], count: 0 };
      await tellReporters(tx, closed.reporters, 'hidden');
      const wasHidden = before.hiddenAt !== null;
      if (item && wasHidden !== hidden) {
        await tellMember(
          tx,
          item.userId,
          hidden ? 'hidden' : 'shown',
          hidden ? AUTHOR_NOTICES.hidden(target, item.title, a.reason, a.note) : AUTHOR_NOTICES.shown(target, item.title),
          { target, id: a.targetId },
        );
      }
      await recordDecision(tx, a, actor, 'hidden', closed, { title: item?.title ?? null, memberId: item?.userId ?? null });
      await insertAudit(tx, actor, {
        action: `${target}.${hidden ? 'hide' : 'unhide'}`,
        targetType: target,
        targetId: a.targetId,
        before: { hidden: wasHidden },
        after: { hidden, ...why(a) },
      });
      return { closedReports: closed.reporters.length };
    });
  }

  /** Sessions end with the suspension; their live streams hear it through the session cache. */
  async function suspend(a: ModerationAction, actor: Actor): Promise<Result> {
    const until = untilOf(a.until);
    const memberId = await memberOf(a.target, a.targetId);
    if (memberId === actor.userId) throw new BadRequestError(MODERATION_TEXTS.suspendSelf);
    const about = await aboutThing(a.target, a.targetId);
    const result = await db.transaction(async (tx) => {
      const before = await repo.findSuspension(tx, memberId);
      await repo.upsertSuspension(tx, { userId: memberId, until, createdBy: actor.userId });
      // The epoch bump (ADR 108): a sign-in racing the suspension cannot keep its session; and
      // e-mail changes asked for from the ended sessions are dropped with them.
      await endSessionsOf(tx, memberId);
      const closed = await repo.closeReports(tx, a.target, a.targetId, 'suspended', actor.userId);
      await tellReporters(tx, closed.reporters, 'suspended');
      await tellMember(tx, memberId, 'suspended', AUTHOR_NOTICES.suspended(until?.toISOString() ?? null, a.reason, a.note));
      await recordDecision(tx, a, actor, 'suspended', closed, about);
      await insertAudit(tx, actor, {
        action: 'member.suspend',
        targetType: 'member',
        targetId: memberId,
        before: { suspended: before !== undefined, until: before?.until?.toISOString() ?? null },
        after: {
          suspended: true,
          until: until?.toISOString() ?? null,
          via: a.target === 'member' ? null : `${a.target}:${a.targetId}`,
          ...why(a),
        },
      });
      return { closedReports: closed.reporters.length };
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
   * Deleting goes through the owner's own deletion path (the item's, or the account's, docs/product.md#deleting-an-account), which
   * takes the reports with it (ON DELETE CASCADE); the reporters are read first and told after.
   */
  async function remove(a: ModerationAction, actor: Actor): Promise<Result> {
    const open = await repo.openReportsSummary(db, a.target, a.targetId);
    let before: Record<string, unknown>;
    let about: { title: string | null; memberId: string | null };
    let notice: { userId: string; content: string } | null = null;
    if (a.target === 'member') {
      const member = await repo.findMember(db, a.targetId);
      if (!member) throw new NotFoundError();
      if (member.id === actor.userId) throw new BadRequestError(MODERATION_TEXTS.noSuchAction);
      before = { name: member.name, username: member.username };
      about = { title: member.name ?? member.username, memberId: member.id };
      const deleted = await deleteUserEverywhere(db, deps.storage, a.targetId, deps.log);
      deps.authChanges.forgetUser(a.targetId);
      if (!deleted) throw new NotFoundError();
    } else {
      const item = await repo.findItem(db, a.target, a.targetId);
      if (!item) throw new NotFoundError();
      before = { title: item.title, authorId: item.userId, visibility: item.visibility, hidden: item.hiddenAt !== null };
      about = { title: item.title, memberId: item.userId };
      notice = { userId: item.userId, content: AUTHOR_NOTICES.deleted(a.target, item.title, a.reason, a.note) };
      if (a.target === 'tip') await deps.tips.remove(a.targetId, item.userId);
      else await deps.guides.remove(item.userId, a.targetId);
    }
    await db.transaction(async (tx) => {
      await tellReporters(tx, open.reporters, 'deleted');
      if (notice) await tellMember(tx, notice.userId, 'deleted', notice.content);
      await recordDecision(tx, a, actor, 'deleted', open, about);
      await insertAudit(tx, actor, {
        action: `${a.target}.delete`,
        targetType: a.target,
        targetId: a.targetId,
        before,
        after: Object.keys(why(a)).length ? why(a) : null,
      });
    });
    return { closedReports: open.reporters.length };
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
