/**
 * A member reports a tip, a guide or another member (issue 25, ADR 088). Only what the reporter
 * may see can be reported (anything else is 404, as if it did not exist), never themselves or
 * their own content, and a repeat of an open report by the same member counts once.
 */
import { MODERATION_TEXTS, type ReportInput } from '@common/schemas/moderation';
import type { Database } from '@db/client';
import { isForeignKeyViolation } from '@db/pg-errors';
import { BadRequestError, NotFoundError } from '@server/lib/errors';
import * as repo from './moderation.repository';

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
      const isNew = await repo.insertReport(db, {
        reporterId,
        target: input.target,
        targetId: input.targetId,
        reason: input.reason,
        details: input.details || null,
      });
      return { isDuplicate: !isNew };
    } catch (error) {
      // Deleted between the look and the write.
      if (isForeignKeyViolation(error)) throw new NotFoundError(MODERATION_TEXTS.notFound);
      throw error;
    }
  }

  return { report };
}

export type ReportsService = ReturnType<typeof createReportsService>;
