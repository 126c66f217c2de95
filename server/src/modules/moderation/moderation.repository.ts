/** SQL of reports and moderation (issue 25). Rules live in reports.service.ts and moderation.service.ts. */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ReportOutcome, ReportReason, ReportTarget } from '@common/schemas/report';
import type { Executor } from '@db/client';
import { guides, memberSuspensions, profiles, reports, tips } from '@db/schema';
import { hiddenAuthorsOf, visibleTo } from '@db/visibility';
import type { Cursor } from '@server/lib/keyset';

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

const targetType = sql<ReportTarget>`CASE WHEN ${reports.tipId} IS NOT NULL THEN 'tip' WHEN ${reports.guideId} IS NOT NULL THEN 'guide' ELSE 'member' END`;
const targetId = sql<string>`coalesce(${reports.tipId}, ${reports.guideId}, ${reports.memberId})`;
const isOpen = isNull(reports.resolvedAt);

/** How many things have open reports (the Reports tab's badge). */
export async function countOpenCases(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${targetId})::int` })
    .from(reports)
    .where(isOpen);
  return row?.n ?? 0;
}

/**
 * Things with open reports, the most recently reported first; keyset on (last report, thing id).
 * The open reports are few (closed ones leave the partial index reports_open_created_idx).
 */
export function listOpenCases(db: Executor, cursor: Cursor | null, limit: number) {
  const lastAt = sql`max(${reports.createdAt})`;
  return db
    .select({
      target: targetType,
      targetId,
      lastAt: sql<Date>`max(${reports.createdAt})`.mapWith((v: string | Date) => new Date(v)),
      cursorTs: sql<string>`max(${reports.createdAt})::text`,
      reporterCount: sql<number>`count(DISTINCT ${reports.reporterId})::int`,
    })
    .from(reports)
    .where(isOpen)
    .groupBy(targetType, targetId)
    .having(cursor ? sql`(${lastAt}, ${targetId}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined)
    .orderBy(desc(lastAt), desc(targetId))
    .limit(limit + 1);
}

/** The open reports of these things, newest first, with each reporter's profile. */
export function openReportsOf(db: Executor, ids: string[]) {
  return db
    .select({
      id: reports.id,
      targetId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reporterId: profiles.userId,
      reporterName: profiles.name,
      reporterUsername: profiles.username,
    })
    .from(reports)
    .leftJoin(profiles, eq(profiles.userId, reports.reporterId))
    .where(and(isOpen, inArray(targetId, ids)))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}

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

/** The reporters of the thing's open reports (each once). */
export async function openReportersOf(db: Executor, target: ReportTarget, id: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ reporterId: reports.reporterId })
    .from(reports)
    .where(and(isOpen, eq(reportColumnOf(target), id)));
  return rows.map((r) => r.reporterId);
}

/** Closes the thing's open reports with the outcome; the reporters, each once. */
export async function closeReports(db: Executor, target: ReportTarget, id: string, outcome: ReportOutcome, adminId: string) {
  const rows = await db
    .update(reports)
    .set({ outcome, resolvedAt: sql`now()`, resolvedBy: adminId })
    .where(and(isOpen, eq(reportColumnOf(target), id)))
    .returning({ reporterId: reports.reporterId });
  return [...new Set(rows.map((r) => r.reporterId))];
}
