/**
 * SQL of the Reports tab (issue 25): the things with open reports, in context, and their open
 * reports. The rules live in report-cases.service.ts.
 */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { ReportTarget } from '@common/schemas/report';
import type { Executor } from '@db/client';
import { guides, memberSuspensions, profiles, reports, tips } from '@db/schema';
import { type Cursor, beforeCursor, cursorText } from '@server/lib/keyset';

const isOpen = isNull(reports.resolvedAt);
const targetType = sql<ReportTarget>`CASE WHEN ${reports.tipId} IS NOT NULL THEN 'tip' WHEN ${reports.guideId} IS NOT NULL THEN 'guide' ELSE 'member' END`;
const targetId = sql<string>`coalesce(${reports.tipId}, ${reports.guideId}, ${reports.memberId})`;

/** How many things have open reports (the Reports tab's badge). */
export async function countOpenCases(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${targetId})::int` })
    .from(reports)
    .where(isOpen);
  return row?.n ?? 0;
}

const newer = alias(reports, 'newer');
/**
 * No open report of the same thing is newer (by created_at, id): the row is its thing's latest.
 * One NOT EXISTS per kind of thing, each an equality the partial target index serves
 * (reports_tip_id_idx ...): a probe reads that thing's reports. Written as one OR, PostgreSQL
 * probed reports_open_created_idx instead, reading every newer open report: a deep page's
 * probes then cost its depth.
 */
const isLatestOfItsThing = and(
  ...[
    [newer.tipId, reports.tipId],
    [newer.guideId, reports.guideId],
    [newer.memberId, reports.memberId],
  ].map(
    ([
      inner,
      outer,
    ]) => sql`NOT EXISTS (SELECT 1 FROM ${reports} ${sql.identifier('newer')} WHERE ${inner} = ${outer} AND ${newer.resolvedAt} IS NULL
      AND (${newer.createdAt}, ${newer.id}) > (${reports.createdAt}, ${reports.id}))`,
  ),
);

/** The author of the reported tip or guide, or the reported member. */
const memberOfTarget = sql`coalesce(${tips.userId}, ${guides.userId}, ${reports.memberId})`;

/**
 * Things with open reports, the most recently reported first, limit + 1 rows, each with what the
 * tab shows of it. A thing is its latest open report: walking reports_open_created_idx newest
 * first and keeping those latest ones is the keyset page (cursor: that report's created_at and
 * id), so a page reads about a page of open reports however many are open. One statement for
 * the page and its context (the item, its member's profile, a suspension in force).
 */
export function listOpenCases(db: Executor, cursor: Cursor | null, limit: number) {
  return db
    .select({
      reportId: reports.id,
      cursorTs: cursorText(reports.createdAt),
      lastAt: reports.createdAt,
      target: targetType,
      targetId,
      itemTitle: sql<string | null>`coalesce(${tips.title}, ${guides.title})`,
      itemDescription: sql<string | null>`coalesce(${tips.description}, ${guides.description})`,
      visibility: sql<'public' | 'connections' | 'private' | null>`coalesce(${tips.visibility}, ${guides.visibility})`,
      isHidden: sql<boolean>`coalesce(${tips.hiddenAt}, ${guides.hiddenAt}) IS NOT NULL`,
      memberId: profiles.userId,
      memberName: profiles.name,
      memberUsername: profiles.username,
      memberBio: profiles.bio,
      hasSuspension: sql<boolean>`${memberSuspensions.userId} IS NOT NULL`,
      suspendedUntil: memberSuspensions.until,
    })
    .from(reports)
    .leftJoin(tips, eq(tips.id, reports.tipId))
    .leftJoin(guides, eq(guides.id, reports.guideId))
    .leftJoin(profiles, eq(profiles.userId, memberOfTarget))
    .leftJoin(
      memberSuspensions,
      and(
        eq(memberSuspensions.userId, profiles.userId),
        sql`(${memberSuspensions.until} IS NULL OR ${memberSuspensions.until} > now())`,
      ),
    )
    .where(and(isOpen, beforeCursor(reports.createdAt, reports.id, cursor), isLatestOfItsThing))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit + 1);
}

/**
 * The open reports of these things, newest first, with each reporter's profile. Per kind of thing
 * `column IS NOT NULL AND column = ANY($n::uuid[])`: one text whatever the page's size, and the
 * IS NOT NULL written out lets a generic plan use the partial target index (reports_tip_id_idx
 * ...) too; without it, the generic plan read every open report.
 */
export function openReportsOf(db: Executor, things: { target: ReportTarget; targetId: string }[]) {
  const ofKind = (target: ReportTarget, column: AnyPgColumn) => {
    const ids = things.filter((t) => t.target === target).map((t) => t.targetId);
    return ids.length ? sql`(${column} IS NOT NULL AND ${column} = ANY(${sql.param(ids)}::uuid[]))` : undefined;
  };
  const ofThings = or(ofKind('tip', reports.tipId), ofKind('guide', reports.guideId), ofKind('member', reports.memberId));
  return db
    .select({
      id: reports.id,
      targetId,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      reporterProfileId: profiles.userId,
      reporterName: profiles.name,
      reporterUsername: profiles.username,
    })
    .from(reports)
    .leftJoin(profiles, eq(profiles.userId, reports.reporterId))
    .where(and(isOpen, ofThings))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}
