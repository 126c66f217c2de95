/**
 * Ending an account's sessions atomically with what ended them (ADR 108). Whatever ends them for
 * a reason (a password change or reset, a suspension, "sign out everywhere else", an e-mail change
 * undone) locks the users row, bumps its session epoch and deletes the sessions in one
 * transaction. A sign-in reads the epoch before it checks the password; once its session is made
 * it locks the row and compares: a changed epoch means something ended the sessions while the
 * sign-in was checking an old credential, and the new session goes too.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '@db/client';
import { emailChangeTokens, sessions, users } from '@db/schema';
import { hashSessionToken } from './hashed-session-tokens';

/** The account's session epoch by its e-mail (any case); undefined when there is no such account. */
export async function findSessionEpochByEmail(db: Executor, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ epoch: users.sessionEpoch })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row?.epoch;
}

export async function findSessionEpoch(db: Executor, userId: string): Promise<number | undefined> {
  const [row] = await db.select({ epoch: users.sessionEpoch }).from(users).where(eq(users.id, userId));
  return row?.epoch;
}

/**
 * Keeps the session just made if the account's epoch is still `epoch`, else deletes it.
 * Locks the users row (FOR SHARE) first: an ending of sessions in flight commits before this reads.
 */
export async function keepSessionIfEpoch(
  db: Executor,
  userId: string,
  epoch: number | undefined,
  session: { token: string } | { sessionId: string },
): Promise<boolean> {
  const [row] = await db.select({ epoch: users.sessionEpoch }).from(users).where(eq(users.id, userId)).for('share');
  if (row && epoch !== undefined && row.epoch === epoch) return true;
  const which = 'token' in session ? eq(sessions.token, hashSessionToken(session.token)) : eq(sessions.id, session.sessionId);
  await db.delete(sessions).where(which);
  return false;
}

/**
 * Ends every session of the account but `keepSessionId`, and every e-mail change it asked for
 * (whoever asked with a session now ended must not move the account onto their address, issue
 * 36): the users row locked and its epoch bumped first. Returns how many sessions ended.
 */
export async function endSessionsOf(db: Executor, userId: string, keepSessionId?: string): Promise<number> {
  await db
    .update(users)
    .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
    .where(eq(users.id, userId));
  const ended = await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  await db.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, userId));
  return ended.length;
}

/** The id of the session whose cookie token is `token`; undefined when none. */
export async function findSessionIdByToken(db: Executor, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.token, hashSessionToken(token)));
  return row?.id;
}
