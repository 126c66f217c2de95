/** SQL of the Reports tab's Handled view (issue 36, ADR 106): the decisions that closed reports. */
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@db/client';
import { moderationDecisions as d, profiles } from '@db/schema';
import { type Cursor, beforeCursor, cursorText, pageLimit } from '@server/lib/keyset';

const member = alias(profiles, 'member');
const moderator = alias(profiles, 'moderator');

/**
 * Newest decision first, limit + 1 rows, walking moderation_decisions_created_idx; the member's
 * and the moderator's profiles by primary key. The cursor is read through sub-selects and the
 * page size written in (lib/keyset.ts): one plan per connection.
 */
export function listDecisions(db: Executor, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: d.id,
      cursorTs: cursorText(d.createdAt),
      outcome: d.outcome,
      targetType: d.targetType,
      targetId: d.targetId,
      title: d.title,
      reason: d.reason,
      note: d.note,
      reportCount: d.reportCount,
      reportReasons: d.reportReasons,
      createdAt: d.createdAt,
      memberId: member.userId,
      memberName: member.name,
      memberUsername: member.username,
      moderatorId: moderator.userId,
      moderatorName: moderator.name,
      moderatorUsername: moderator.username,
    })
    .from(d)
    .leftJoin(member, eq(member.userId, d.memberId))
    .leftJoin(moderator, eq(moderator.userId, d.moderatorId))
    .where(beforeCursor(d.createdAt, d.id, cursor))
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(pageLimit(limit + 1));
}
