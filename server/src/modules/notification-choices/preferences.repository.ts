/** All SQL of a member's notification choices (ADR 090): no row = the kind's default. */
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreference,
} from '@common/schemas/notification-preferences';
import type { Executor } from '@db/client';
import { executeRows } from '@db/rows';
import { notificationPreferences } from '@db/schema';

/** Every kind, stored choice or default, in NOTIFICATION_KINDS order. */
export async function readPreferences(db: Executor, userId: string): Promise<NotificationPreference[]> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const stored = new Map(rows.map((r) => [r.kind, r]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = stored.get(kind);
    return row
      ? ({ kind, inApp: row.inApp, email: row.email } as NotificationPreference)
      : { kind, ...DEFAULT_PREFERENCES[kind] };
  });
}

/** One kind's choice (the default when none is stored). */
export async function preferenceFor(db: Executor, userId: string, kind: NotificationKind): Promise<NotificationPreference> {
  const [row] = await db
    .select({ inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row ? ({ kind, ...row } as NotificationPreference) : { kind, ...DEFAULT_PREFERENCES[kind] };
}

/** Stores the given kinds' choices; the others keep theirs. */
export async function writePreferences(db: Executor, userId: string, list: NotificationPreference[]): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(list.map((p) => ({ userId, kind: p.kind, inApp: p.inApp, email: p.email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`now()` },
    });
}

/** Whether the account still exists (an unsubscribe token outlives a deleted one). */
export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const rows = await executeRows(db, sql`SELECT 1 FROM users WHERE id = ${userId}`);
  return rows.length > 0;
}
