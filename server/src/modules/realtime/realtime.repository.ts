/** SQL of the live streams: the events a reconnecting stream missed, and its sessions' state. */
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Role } from '@common/schemas/auth';
import type { Database } from '@db/client';
import { events, sessions, userRoles } from '@db/schema';

export async function findMissedEvents(db: Database, userId: string, afterId: number, limit: number) {
  return db
    .select({ id: events.id, userId: events.userId, type: events.type, payload: events.payload })
    .from(events)
    .where(and(gt(events.id, afterId), or(eq(events.userId, userId), isNull(events.userId))))
    .orderBy(asc(events.id))
    .limit(limit);
}

export interface SessionState {
  sessionId: string;
  expiresAt: Date;
  createdAt: Date;
  role: Role;
}

/** Every session the user still has, with the user's role (none: pending, as auth reads it). */
export async function findSessionStates(db: Database, userId: string): Promise<SessionState[]> {
  const rows = await db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt, role: userRoles.role })
    .from(sessions)
    .leftJoin(userRoles, eq(userRoles.userId, sessions.userId))
    .where(eq(sessions.userId, userId));
  return rows.map((row) => ({ ...row, role: row.role ?? 'pending' }));
}

/** Prunes the events older than `cutoff`; returns how many went. */
export async function deleteEventsBefore(db: Database, cutoff: Date): Promise<number> {
  const rows = await db.delete(events).where(lt(events.createdAt, cutoff)).returning({ id: events.id });
  return rows.length;
}
