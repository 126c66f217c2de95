/**
 * A member reports a tip, a guide or another member (issue 25, ADR 088). Only what the reporter
 * may see can be reported (anything else is 404, as if it did not exist), never themselves or
 * their own content, and a repeat of an open report by the same member counts once. The admins
 * are told of a thing's first open report (issue 36, ADR 106): one notice per thing while it is
 * open, however many members report it.
 */
import { MODERATION_TEXTS, newReportNotice, type ReportInput } from '@common/schemas/moderation';
import type { ReportTarget } from '@common/schemas/report';
import type { Database, Executor } from '@db/client';
import { isForeignKeyViolation } from '@db/pg-errors';
import { BadRequestError, NotFoundError } from '@server/lib/errors';
import { insertNotification } from '../notifications/notifications.repository';
import * as repo from './moderation.repository';

async function titleOf(db: Executor, target: ReportTarget, id: string): Promise<string | null> {
  if (target === 'member') {
    const m = await repo.findMember(db, id);
    return m ? (m.name ?? m.username) : null;
  }
  return (await repo.findItem(db, target, id))?.title ?? null;
}

/** Each admin but the reporter hears of the thing's first open report; the reporter is not named. */
async function tellAdmins(db: Executor, input: ReportInput, reporterId: string): Promise<void> {
  const content = newReportNotice(input.target, await titleOf(db, input.target, input.targetId));
  for (const userId of await repo.adminIds(db)) {
    if (userId === reporterId) continue;
    await insertNotification(db, {
      userId,
      actorId: null,
      type: 'report_received',
      content,
      aboutId: `${input.target}:${input.targetId}`,
    });
  }
}

export function createReportsService(deps: { db: Database }) {
  const { db } = deps;

  async function responsibleMember(input: ReportInput, reporterId: string): Promise<string | undefined> {
    if (input.target === 'member') {
      return (await repo.isVisibleMember(db, input.targetId, reporterId)) ? input.targetId : undefined;
    }
    return repo.visibleAuthorOf(db, input.target, input.targetId, reporterId);
  }

  async function report(input: ReportInput, reporterId: string): Promise<{ isDuplicate: boolean }> {
    const memberId = await responsibleMember(input, reporterId);
    if (!memberId) throw new NotFoundError(MODERATION_TEXTS.notFound);
    if (memberId === reporterId) throw new BadRequestError(MODERATION_TEXTS.cannotReportSelf);
    try {
      return await db.transaction(async (tx) => {
        // Two first reports of one thing at once: the second waits and counts two, so one notice.
        await repo.lockThing(tx, input.target, input.targetId);
        const isNew = await repo.insertReport(tx, {
          reporterId,
          target: input.target,
          targetId: input.targetId,
          reason: input.reason,
          details: input.details || null,
        });
        if (isNew && (await repo.countOpenReports(tx, input.target, input.targetId)) === 1) {
          await tellAdmins(tx, input, reporterId);
        }
        return { isDuplicate: !isNew };
      });
    } catch (error) {
      // Deleted between the look and the write.
      if (isForeignKeyViolation(error)) throw new NotFoundError(MODERATION_TEXTS.notFound);
      throw error;
    }
  }

  return { report };
}

export type ReportsService = ReturnType<typeof createReportsService>;
