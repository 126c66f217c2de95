/** The SQL of notification e-mails (ADR 090): who gets a digest, and what goes in it. */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, NOTIFICATION_KINDS, kindOfType } from '@common/schemas/notification-preferences';
import { NOTIFICATION_TYPES } from '@common/schemas/notification';
import { actorNotBlocked } from '@db/blocks';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { notifications, systemMessages, users } from '@db/schema';

/** The kind of notifications.type `n.type`, in SQL (NULL for types no choice covers). Built from constants only. */
const KIND_CASE = `CASE n.type ${NOTIFICATION_TYPES.flatMap((t) => {
  const kind = kindOfType(t);
  return kind ? [`WHEN '${t}' THEN '${kind}'`] : [];
}).join(' ')} END`;
/** That kind's default e-mail choice, in SQL. */
const DEFAULT_EMAIL_CASE = `CASE ${KIND_CASE} ${NOTIFICATION_KINDS.map((k) => `WHEN '${k}' THEN '${DEFAULT_PREFERENCES[k].email}'`).join(' ')} END`;

/**
 * One digest job per member with unread notifications from [start, end) whose kind they chose a
 * daily digest for, and who used no session since `start` (not online that day). The key makes
 * it once per member and day however many instances plan at once. Walks the members (once a day
 * per process), each one's notifications and sessions by their (user_id, ...) indexes: never a
 * scan of all notifications.
 */
export async function planDigestJobs(db: Executor, day: string, start: Date, end: Date, now: Date): Promise<void> {
  const from = start.toISOString();
  // LATERAL ... LIMIT 1: a look-up per member by the user indexes; as EXISTS, PostgreSQL turned
  // them into joins over whole-table scans (server/test/explain/job-queries.api.test.ts).
  await db.execute(sql`
    INSERT INTO jobs (kind, key, payload, run_at)
    SELECT 'daily-digest', 'digest:' || u.id || ':' || ${day},
           jsonb_build_object('userId', u.id, 'day', ${day}::text), ${now.toISOString()}::timestamptz
    FROM users u
    CROSS JOIN LATERAL (
      SELECT 1 FROM notifications n
      LEFT JOIN notification_preferences p ON p.user_id = n.user_id AND p.kind = ${sql.raw(KIND_CASE)}
      WHERE n.user_id = u.id AND n.is_read = false
        AND n.created_at >= ${from}::timestamptz AND n.created_at < ${end.toISOString()}::timestamptz
        AND coalesce(p.email, ${sql.raw(DEFAULT_EMAIL_CASE)}) = 'daily'
        AND ${actorNotBlocked(sql`n.user_id`, sql`n.actor_id`)}
      LIMIT 1
    ) unread
    LEFT JOIN LATERAL (
      SELECT 1 AS seen FROM sessions s WHERE s.user_id = u.id AND s.last_seen_at >= ${from}::timestamptz LIMIT 1
    ) online ON true
    WHERE online.seen IS NULL
    ON CONFLICT (key) DO NOTHING`);
}

/**
 * The same for system messages (not notification rows, ADR 090): when a message still shown was
 * posted in [start, end), one digest job per member who chose a daily digest for them and used no
 * session since `start`. Same key as above, so a member with both gets one digest. The EXISTS is
 * uncorrelated (computed once): on a day without messages no member is read.
 */
export async function planSystemMessageDigestJobs(db: Executor, day: string, start: Date, end: Date, now: Date): Promise<void> {
  const from = start.toISOString();
  await db.execute(sql`
    INSERT INTO jobs (kind, key, payload, run_at)
    SELECT 'daily-digest', 'digest:' || r.user_id || ':' || ${day},
           jsonb_build_object('userId', r.user_id, 'day', ${day}::text), ${now.toISOString()}::timestamptz
    FROM user_roles r
    LEFT JOIN notification_preferences p ON p.user_id = r.user_id AND p.kind = 'system_messages'
    LEFT JOIN LATERAL (
      SELECT 1 AS seen FROM sessions s WHERE s.user_id = r.user_id AND s.last_seen_at >= ${from}::timestamptz LIMIT 1
    ) online ON true
    WHERE EXISTS (
        SELECT 1 FROM system_messages m
        WHERE m.is_active AND m.created_at >= ${from}::timestamptz AND m.created_at < ${end.toISOString()}::timestamptz
      )
      AND r.role IN ('user', 'admin')
      AND coalesce(p.email, ${DEFAULT_PREFERENCES.system_messages.email}) = 'daily'
      AND online.seen IS NULL
    ON CONFLICT (key) DO NOTHING`);
}

/** The system messages posted in [start, end) that are still shown, oldest first. */
export function activeSystemMessagesBetween(db: Executor, start: Date, end: Date) {
  return db
    .select({ title: systemMessages.title, content: systemMessages.content })
    .from(systemMessages)
    .where(and(eq(systemMessages.isActive, true), gte(systemMessages.createdAt, start), lt(systemMessages.createdAt, end)))
    .orderBy(asc(systemMessages.createdAt))
    .limit(50);
}

/**
 * The member's unread notifications from [start, end), oldest first, with their type; none from
 * a member they blocked or were blocked by (issue 36: a digest names nobody the list hides).
 */
export function unreadBetween(db: Executor, userId: string, start: Date, end: Date) {
  return db
    .select({ type: notifications.type, content: notifications.content })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        gte(notifications.createdAt, start),
        lt(notifications.createdAt, end),
        actorNotBlocked(notifications.userId, notifications.actorId),
      ),
    )
    .orderBy(asc(notifications.createdAt))
    .limit(200);
}

/** The address to write to; undefined when the account is gone. */
export async function emailOf(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** Whether any of the member's sessions was used since `since`. */
export async function wasOnlineSince(db: Executor, userId: string, since: Date): Promise<boolean> {
  const rows = await executeRows(
    db,
    sql`SELECT 1 FROM sessions WHERE user_id = ${userId} AND last_seen_at >= ${since.toISOString()}::timestamptz LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * One `kind` job per active member whose system-messages choice is "immediate", keyed per message
 * and member so a repeated fan-out adds none. The default is written from the constant, so the SQL
 * follows ADR 090's table.
 */
export async function planSystemMessageEmailJobs(db: Executor, kind: string, messageId: string): Promise<void> {
  await executeRows(
    db,
    sql`INSERT INTO jobs (kind, key, payload)
      SELECT ${kind}, 'system-email:' || ${messageId} || ':' || r.user_id,
             jsonb_build_object('messageId', ${messageId}::text, 'userId', r.user_id)
      FROM user_roles r
      LEFT JOIN notification_preferences p ON p.user_id = r.user_id AND p.kind = 'system_messages'
      WHERE r.role IN ('user', 'admin')
        AND coalesce(p.email, ${DEFAULT_PREFERENCES.system_messages.email}) = 'immediate'
      ON CONFLICT (key) DO NOTHING`,
  );
}

export async function systemMessageOf(db: Executor, id: string) {
  const [message] = await db
    .select({ title: systemMessages.title, content: systemMessages.content, isActive: systemMessages.isActive })
    .from(systemMessages)
    .where(eq(systemMessages.id, id));
  return message;
}
