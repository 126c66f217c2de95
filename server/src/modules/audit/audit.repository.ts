/** SQL of the audit log (issue 25): one INSERT per admin action and the admin's list. No UPDATE, no DELETE. */
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@db/client';
import { auditLog, guides, invitationRequests, pendingActivations, profiles, systemMessages, tipTypes, tips } from '@db/schema';

import type { Actor } from './actor';
import { pageLimit } from '@server/lib/keyset';

export type { Actor } from './actor';

export interface AuditEntryInput {
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Pass the transaction of the change it records, so the two commit or roll back together. */
export async function insertAudit(db: Executor, actor: Actor, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditCursor {
  createdAt: string;
  id: number;
}

const actorProfile = alias(profiles, 'actor');

/** The target's id as a uuid when it is one (every service writes uuids; an odd row must not break the list). */
const targetUuid = sql`(CASE WHEN ${auditLog.targetId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ${auditLog.targetId}::uuid END)`;

/** What the target is called now, by its primary key (issue 36): one look-up per row of the page. */
const currentLabel = sql<string | null>`CASE ${auditLog.targetType}
  WHEN 'member' THEN (SELECT coalesce(${profiles.name}, ${profiles.username}) FROM ${profiles} WHERE ${profiles.userId} = ${targetUuid})
  WHEN 'tip' THEN (SELECT ${tips.title} FROM ${tips} WHERE ${tips.id} = ${targetUuid})
  WHEN 'guide' THEN (SELECT ${guides.title} FROM ${guides} WHERE ${guides.id} = ${targetUuid})
  WHEN 'invitation' THEN (SELECT ${invitationRequests.fullName} FROM ${invitationRequests} WHERE ${invitationRequests.id} = ${targetUuid})
  WHEN 'activation' THEN (SELECT ${pendingActivations.fullName} FROM ${pendingActivations} WHERE ${pendingActivations.id} = ${targetUuid})
  WHEN 'system_message' THEN (SELECT ${systemMessages.title} FROM ${systemMessages} WHERE ${systemMessages.id} = ${targetUuid})
  WHEN 'tip_type' THEN (SELECT ${tipTypes.name} FROM ${tipTypes} WHERE ${tipTypes.id} = ${targetUuid})
END`;

/** What the entry itself recorded of its target (a deleted one's name, title or e-mail). */
const recordedLabel = sql<string | null>`coalesce(${auditLog.before} ->> 'name', ${auditLog.before} ->> 'title',
  ${auditLog.before} ->> 'fullName', ${auditLog.before} ->> 'username', ${auditLog.before} ->> 'email',
  ${auditLog.after} ->> 'name', ${auditLog.after} ->> 'title', ${auditLog.after} ->> 'fullName')`;

/** Newest first by (created_at, id), walking audit_log_created_idx; limit + 1 rows. */
export function listAudit(db: Executor, cursor: AuditCursor | null, limit: number) {
  return db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorName: actorProfile.name,
      actorUsername: actorProfile.username,
      currentLabel,
      recordedLabel,
      targetUsername: sql<string | null>`CASE WHEN ${auditLog.targetType} = 'member'
        THEN (SELECT p.username FROM profiles p WHERE p.user_id = ${targetUuid}) END`,
      cursorTs: sql<string>`${auditLog.createdAt}::text`,
    })
    .from(auditLog)
    .leftJoin(actorProfile, eq(actorProfile.userId, auditLog.actorId))
    .where(
      cursor
        ? // Read through sub-selects, as lib/keyset.ts's beforeCursor says why: one plan per connection.
          sql`(${auditLog.createdAt}, ${auditLog.id}) < ((SELECT ${cursor.createdAt}::timestamptz), (SELECT ${cursor.id}::bigint))`
        : undefined,
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageLimit(limit + 1));
}
