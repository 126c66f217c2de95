/**
 * The Reports tab's Handled view (issue 36, ADR 106): each decision that closed a thing's reports,
 * newest first, with what was decided, by whom, why and when. Admins only (the route).
 */
import { DECISION_REASONS, type DecisionReason, type HandledReport } from '@common/schemas/moderation';
import { REPORT_REASONS, type ReportOutcome, type ReportReason, type ReportTarget } from '@common/schemas/report';
import type { Database } from '@db/client';
import { decodeCursor, toPage } from '@server/lib/keyset';
import { listDecisions } from './handled-reports.repository';

type Row = Awaited<ReturnType<typeof listDecisions>>[number];

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

const person = (id: string | null, name: string | null, username: string | null) => (id ? { id, name, username } : null);

function toHandled(r: Row): HandledReport {
  return {
    id: r.id,
    outcome: r.outcome as ReportOutcome,
    target: r.targetType as ReportTarget,
    targetId: r.targetId,
    title: r.title,
    member: person(r.memberId, r.memberName, r.memberUsername),
    reason: isOneOf<DecisionReason>(DECISION_REASONS, r.reason) ? r.reason : null,
    note: r.note,
    moderator: person(r.moderatorId, r.moderatorName, r.moderatorUsername),
    reportCount: r.reportCount,
    reportReasons: r.reportReasons.filter((x): x is ReportReason => isOneOf(REPORT_REASONS, x)),
    decidedAt: r.createdAt.toISOString(),
  };
}

export function createHandledReportsService(deps: { db: Database }) {
  async function list(cursor: string | undefined, limit: number) {
    const rows = await listDecisions(deps.db, decodeCursor(cursor), limit);
    return toPage(rows, limit, toHandled);
  }
  return { list };
}

export type HandledReportsService = ReturnType<typeof createHandledReportsService>;
