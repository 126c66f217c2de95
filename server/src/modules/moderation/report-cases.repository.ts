/**
 * SQL of the Reports tab (issue 25): the things with open reports, in context, and their open
 * reports. The rules live in report-cases.service.ts.
 */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportTarget } from '@common/schemas/report';
import type { Executor } from '@db/client';
import { preparedPerShape } from '@db/prepared';
import { guides, memberSuspensions, profiles, reports, tips } from '@db/schema';
import { type Cursor, beforeHiddenKey, cursorText, pageLimit } from '@server/lib/keyset';

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
 * the page and its context (the item, its member's profile, a suspension in force), built once
 * per shape (first or later page, page size) and planned once per connection: the page size is
 * written into the text and the cursor read through sub-selects (lib/keyset.ts); with
 * `LIMIT $n` this five-table statement was planned on every call, 3 ms of planning for 0.6 ms
 * of work on the bench set.
 */
const openCasesPages = preparedPerShape((db, shape: `${'first' | 'after'}:${number}`) => {
  const [page, rows] = shape.split(':') as ['first' | 'after', string];
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
    .where(
      and(
        isOpen,
        page === 'after'
          ? beforeHiddenKey(reports.createdAt, reports.id, sql.placeholder('cursorTs'), sql.placeholder('cursorId'))
          : undefined,
        isLatestOfItsThing,
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(pageLimit(Number(rows)))
    .prepare(`report_cases_${page}_${rows}`);
});

export function listOpenCases(db: Executor, cursor: Cursor | null, limit: number) {
  return openCasesPages(db, `${cursor ? 'after' : 'first'}:${limit + 1}`).execute({
    cursorTs: cursor?.createdAt,
    cursorId: cursor?.id,
  });
}

type Kinds = `${'t' | '-'}${'g' | '-'}${'m' | '-'}`;
const KIND_COLUMNS = [
  ['tip', reports.tipId],
  ['guide', reports.guideId],
  ['member', reports.memberId],
] as const;

/**
 * The open reports of these things, newest first, with each reporter's profile; built once per
 * set of kinds on the page. Per kind `column IS NOT NULL AND column = ANY(ids)`: one text
 * whatever the page's size, and the IS NOT NULL written out lets a generic plan use the partial
 * index of open reports by thing (reports_open_tip_idx ...) too; without it, the generic plan read
 * every open report. The ids are read through a sub-select (cast, so ANY reads an array, not
 * rows), hidden from the planner, so a call does not plan the statement again for the count it
 * sees (lib/keyset.ts, beforeCursor).
 */
const openReportsOfKinds = preparedPerShape((db, kinds: Kinds) =>
  db
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
    .where(
      and(
        isOpen,
        or(
          ...KIND_COLUMNS.filter((_, i) => kinds[i] !== '-').map(
            ([kind, column]) =>
              sql`(${column} IS NOT NULL AND ${column} = ANY((SELECT ${sql.placeholder(kind)}::uuid[])::uuid[]))`,
          ),
        ),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .prepare(`open_reports_of_${kinds}`),
);

export function openReportsOf(db: Executor, things: { target: ReportTarget; targetId: string }[]) {
  const ids = (target: ReportTarget) => things.filter((t) => t.target === target).map((t) => t.targetId);
  const values = { tip: ids('tip'), guide: ids('guide'), member: ids('member') };
  const kinds = KIND_COLUMNS.map(([kind], i) => (values[kind].length > 0 ? 'tgm'[i] : '-')).join('') as Kinds;
  // No thing, no condition: never read every open report.
  if (kinds === '---') return Promise.resolve([]);
  return openReportsOfKinds(db, kinds).execute(values);
}
