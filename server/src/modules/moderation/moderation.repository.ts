/** SQL of reports and moderation (issue 25). Rules live in reports.service.ts and moderation.service.ts. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ReportOutcome, ReportReason, ReportTarget } from '@common/schemas/report';
import type { Executor } from '@db/client';
import { guides, memberSuspensions, moderationDecisions, profiles, reports, tips, userRoles } from '@db/schema';
import { hiddenAuthorsOf, visibleTo } from '@db/visibility';

const tableOf = (target: 'tip' | 'guide') => (target === 'tip' ? tips : guides);
const reportColumnOf = (target: ReportTarget) =>
  target === 'tip' ? reports.tipId : target === 'guide' ? reports.guideId : reports.memberId;

/** The author of a tip or guide the viewer may see (ADR 081), or undefined. */
export async function visibleAuthorOf(db: Executor, target: 'tip' | 'guide', id: string, viewer: string) {
  const table = tableOf(target);
  const [row] = await db
    .select({ userId: table.userId })
    .from(table)
    .where(and(eq(table.id, id), visibleTo(table, viewer)));
  return row?.userId;
}

/** A member with a profile who has not blocked the viewer (nor been blocked) and is not suspended. */
export async function isVisibleMember(db: Executor, memberId: string, viewer: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, memberId), sql`${profiles.userId} <> ALL (${hiddenAuthorsOf(viewer)})`));
  return row !== undefined;
}

/** Nothing when the reporter already has an open report of this thing (the partial unique indexes). */
export async function insertReport(
  db: Executor,
  r: { reporterId: string; target: ReportTarget; targetId: string; reason: ReportReason; details: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(reports)
    .values({
      reporterId: r.reporterId,
      tipId: r.target === 'tip' ? r.targetId : null,
      guideId: r.target === 'guide' ? r.targetId : null,
      memberId: r.target === 'member' ? r.targetId : null,
      reason: r.reason,
      details: r.details,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return rows.length > 0;
}

const isOpen = isNull(reports.resolvedAt);

/** A tip or guide as the admin sees it, whatever its visibility, with its author. */
export async function findItem(db: Executor, target: 'tip' | 'guide', id: string) {
  const table = tableOf(target);
  const [row] = await db
    .select({
      id: table.id,
      userId: table.userId,
      title: table.title,
      excerpt: table.description,
      visibility: table.visibility,
      hiddenAt: table.hiddenAt,
      authorName: profiles.name,
      authorUsername: profiles.username,
    })
    .from(table)
    .leftJoin(profiles, eq(profiles.userId, table.userId))
    .where(eq(table.id, id));
  return row;
}

export async function findMember(db: Executor, id: string) {
  const [row] = await db
    .select({ id: profiles.userId, name: profiles.name, username: profiles.username, bio: profiles.bio })
    .from(profiles)
    .where(eq(profiles.userId, id));
  return row;
}

export async function findSuspension(db: Executor, userId: string) {
  const [row] = await db
    .select({ until: memberSuspensions.until, createdAt: memberSuspensions.createdAt })
    .from(memberSuspensions)
    .where(eq(memberSuspensions.userId, userId));
  return row;
}

/** A suspension in force now (one that ran out counts as none). */
export async function findActiveSuspension(db: Executor, userId: string) {
  const [row] = await db
    .select({ until: memberSuspensions.until })
    .from(memberSuspensions)
    .where(
      and(eq(memberSuspensions.userId, userId), sql`(${memberSuspensions.until} IS NULL OR ${memberSuspensions.until} > now())`),
    );
  return row;
}

export async function upsertSuspension(db: Executor, s: { userId: string; until: Date | null; createdBy: string }) {
  await db
    .insert(memberSuspensions)
    .values(s)
    .onConflictDoUpdate({
      target: memberSuspensions.userId,
      set: { until: s.until, createdBy: s.createdBy, createdAt: sql`now()` },
    });
}

export async function deleteSuspension(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .delete(memberSuspensions)
    .where(eq(memberSuspensions.userId, userId))
    .returning({ id: memberSuspensions.userId });
  return rows.length > 0;
}

/** Sets or clears hidden_at; the row before, or undefined when there is no such item. */
export async function setHidden(db: Executor, target: 'tip' | 'guide', id: string, hidden: boolean) {
  const table = tableOf(target);
  const [before] = await db.select({ hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, id)).for('update');
  if (!before) return undefined;
  await db
    .update(table)
    .set({ hiddenAt: hidden ? (before.hiddenAt ?? sql`now()`) : null })
    .where(eq(table.id, id));
  return before;
}

/** The reporters of the thing's open reports (each once) and the reasons they gave (each once). */
export async function openReportsSummary(db: Executor, target: ReportTarget, id: string) {
  const rows = await db
    .select({ reporterId: reports.reporterId, reason: reports.reason })
    .from(reports)
    .where(and(isOpen, eq(reportColumnOf(target), id)));
  return summaryOf(rows);
}

export interface ReportsSummary {
  reporters: string[];
  reasons: ReportReason[];
  count: number;
}

function summaryOf(rows: { reporterId: string; reason: ReportReason }[]): ReportsSummary {
  return {
    reporters: [...new Set(rows.map((r) => r.reporterId))],
    reasons: [...new Set(rows.map((r) => r.reason))],
    count: rows.length,
  };
}

/** Closes the thing's open reports with the outcome: their reporters and reasons. */
export async function closeReports(
  db: Executor,
  target: ReportTarget,
  id: string,
  outcome: ReportOutcome,
  adminId: string,
): Promise<ReportsSummary> {
  const rows = await db
    .update(reports)
    .set({ outcome, resolvedAt: sql`now()`, resolvedBy: adminId })
    .where(and(isOpen, eq(reportColumnOf(target), id)))
    .returning({ reporterId: reports.reporterId, reason: reports.reason });
  return summaryOf(rows);
}

/** Records the decision that closed a thing's reports (the Handled view, ADR 106). */
export async function insertDecision(db: Executor, d: typeof moderationDecisions.$inferInsert): Promise<void> {
  await db.insert(moderationDecisions).values(d);
}

/** How many open reports the thing has. */
export async function countOpenReports(db: Executor, target: ReportTarget, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(and(isOpen, eq(reportColumnOf(target), id)));
  return row?.n ?? 0;
}

/** Every admin (the user_roles_role_idx). */
export async function adminIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
  return rows.map((r) => r.id);
}

/** Makes two reports of one thing take turns (PostgreSQL; PGlite has one connection). */
export async function lockThing(db: Executor, target: ReportTarget, id: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`report:${target}:${id}`}, 0))`);
}
