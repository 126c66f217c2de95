/** SQL of the audit log (issue 25): one INSERT per admin action and the admin's list. No UPDATE, no DELETE. */
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { auditLog } from '@db/schema';

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
      cursorTs: sql<string>`${auditLog.createdAt}::text`,
    })
    .from(auditLog)
    .where(
      cursor
        ? // Read through sub-selects, as lib/keyset.ts's beforeCursor says why: one plan per connection.
          sql`(${auditLog.createdAt}, ${auditLog.id}) < ((SELECT ${cursor.createdAt}::timestamptz), (SELECT ${cursor.id}::bigint))`
        : undefined,
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageLimit(limit + 1));
}
