/**
 * The Reports tab (issue 25): each thing with open reports, in context (admins see it whatever
 * its visibility, ADR 081), with its reports; and the open count of the tab's badge. Two
 * statements a page: the things with their context, then their open reports.
 */
import type { ReportCase } from '@common/schemas/moderation';
import type { Database } from '@db/client';
import { decodeCursor, encodeCursor } from '@server/lib/keyset';
import * as repo from './report-cases.repository';

type CaseRow = Awaited<ReturnType<typeof repo.listOpenCases>>[number];
type ReportRow = Awaited<ReturnType<typeof repo.openReportsOf>>[number];

function toCase(row: CaseRow, reports: ReportRow[]): ReportCase {
  const isMember = row.target === 'member';
  const member = row.memberId ? { id: row.memberId, name: row.memberName, username: row.memberUsername } : null;
  return {
    target: row.target,
    targetId: row.targetId,
    title: isMember ? (member ? (member.name ?? member.username) : null) : row.itemTitle,
    excerpt: isMember ? row.memberBio : row.itemDescription,
    member,
    visibility: isMember ? null : row.visibility,
    isHidden: !isMember && row.isHidden,
    suspension: row.hasSuspension ? { until: row.suspendedUntil?.toISOString() ?? null } : null,
    // One open report per reporter and thing (the partial unique indexes); counted by reporter all the same.
    reporterCount: new Set(reports.map((r) => r.reporterId)).size,
    lastReportedAt: row.lastAt.toISOString(),
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
      reporter: r.reporterProfileId ? { id: r.reporterProfileId, name: r.reporterName, username: r.reporterUsername } : null,
    })),
  };
}

export function createReportCasesService(deps: { db: Database }) {
  const { db } = deps;

  async function list(cursor: string | undefined, limit: number) {
    const rows = await repo.listOpenCases(db, decodeCursor(cursor), limit);
    const page = rows.slice(0, limit);
    const reports = page.length ? await repo.openReportsOf(db, page) : [];
    const last = page.at(-1);
    return {
      items: page.map((row) =>
        toCase(
          row,
          reports.filter((r) => r.targetId === row.targetId),
        ),
      ),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.cursorTs, id: last.reportId }) : null,
    };
  }

  async function openCount(): Promise<{ open: number }> {
    return { open: await repo.countOpenCases(db) };
  }

  return { list, openCount };
}

export type ReportCasesService = ReturnType<typeof createReportCasesService>;
