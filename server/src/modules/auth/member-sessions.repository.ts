/** A member's sessions as Security Settings lists and ends them (ADR 074). */
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { sessions } from '@db/schema';
import { type Cursor, beforeCursor, cursorText } from '@server/lib/keyset';
import { SESSION_ABSOLUTE_SECONDS } from './better-auth';

/**
 * The member's live sessions (not past their idle expiry or their 30 days), newest sign-in first:
 * created_at never changes, so pages never shift while they are read.
 */
export function listSessionsOf(db: Executor, userId: string, cursor: Cursor | null, limit: number) {
  const signedInSince = new Date(Date.now() - SESSION_ABSOLUTE_SECONDS * 1000);
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      cursorTs: cursorText(sessions.createdAt),
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.createdAt, signedInSince),
        beforeCursor(sessions.createdAt, sessions.id, cursor),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit + 1);
}

/** Ends one session of the member; false when the member has no such session (another's, or gone). */
export async function deleteSessionOf(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * Records a use of the session, unless one was recorded within `intervalMs`: the condition keeps
 * several processes (and a stale memory) from writing it more often. An UPDATE fires no auth
 * trigger (migration 0008 listens to DELETE only), so it evicts no cache.
 */
export async function touchSession(db: Executor, sessionId: string, intervalMs: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, new Date(Date.now() - intervalMs))));
}
