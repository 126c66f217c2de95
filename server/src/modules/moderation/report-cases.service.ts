/**
 * The Reports tab (issue 25): each thing with open reports, in context (admins see it whatever
 * its visibility, ADR 081), with its reports; and the open count of the tab's badge.
 */
import type { ReportCase } from '@common/schemas/moderation';
import type { ReportTarget } from '@common/schemas/report';
import type { Database } from '@db/client';
import { decodeCursor, encodeCursor } from '@server/lib/keyset';
import * as repo from './moderation.repository';

type Subject = Pick<ReportCase, 'title' | 'excerpt' | 'member' | 'visibility' | 'isHidden'>;

export function createReportCasesService(deps: { db: Database }) {
  const { db } = deps;

  async function subjectOf(target: ReportTarget, id: string): Promise<Subject> {
    if (target === 'member') {
      const m = await repo.findMember(db, id);
      return {
        title: m ? (m.name ?? m.username) : null,
        excerpt: m?.bio ?? null,
        member: m ? { id: m.id, name: m.name, username: m.username } : null,
        visibility: null,
        isHidden: false,
      };
    }
    const item = await repo.findItem(db, target, id);
    return {
      title: item?.title ?? null,
      excerpt: item?.excerpt ?? null,
      member: item ? { id: item.userId, name: item.authorName, username: item.authorUsername } : null,
      visibility: item?.visibility ?? null,
      isHidden: item ? item.hiddenAt !== null : false,
    };
  }

  async function list(cursor: string | undefined, limit: number) {
    const rows = await repo.listOpenCases(db, decodeCursor(cursor), limit);
    const page = rows.slice(0, limit);
    const reports = page.length
      ? await repo.openReportsOf(
          db,
          page.map((r) => r.targetId),
        )
      : [];
    const items: ReportCase[] = [];
    for (const row of page) {
      const subject = await subjectOf(row.target, row.targetId);
      const suspension = subject.member ? await repo.findActiveSuspension(db, subject.member.id) : undefined;
      items.push({
        target: row.target,
        targetId: row.targetId,
        ...subject,
        suspension: suspension ? { until: suspension.until?.toISOString() ?? null } : null,
        reporterCount: row.reporterCount,
        lastReportedAt: row.lastAt.toISOString(),
        reports: reports
          .filter((r) => r.targetId === row.targetId)
          .map((r) => ({
            id: r.id,
            reason: r.reason,
            details: r.details,
            createdAt: r.createdAt.toISOString(),
            reporter: r.reporterId ? { id: r.reporterId, name: r.reporterName, username: r.reporterUsername } : null,
          })),
      });
    }
    const last = page.at(-1);
    return {
      items,
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursorTs, id: last.targetId }) : null,
    };
  }

  async function openCount(): Promise<{ open: number }> {
    return { open: await repo.countOpenCases(db) };
  }

  return { list, openCount };
}

export type ReportCasesService = ReturnType<typeof createReportCasesService>;
