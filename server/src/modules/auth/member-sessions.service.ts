/**
 * "Where you're signed in" (ADR 074): a member lists their own live sessions and ends them. Only
 * the caller's own: another member's session id is 404, as an unknown one. An ended session's
 * pages and live streams stop at once: its row's DELETE fires the auth NOTIFY (migration 0008)
 * in every process, and this process forgets the member's cached sessions before answering.
 */
import type { MemberSession, OtherSessionsEnded, SessionPage } from '@common/schemas/sessions';
import { TEXTS } from '@common/texts';
import type { Database } from '@db/client';
import { NotFoundError } from '@server/lib/errors';
import { decodeCursor, toPage } from '@server/lib/keyset';
import type { AuthChanges } from '../account/account.service';
import { deleteEmailChangesOf } from './auth.repository';
import * as repo from './member-sessions.repository';
import { endSessionsOf } from './session-epoch.repository';
import { describeUserAgent } from './user-agent';
import type { Viewer } from './viewer';

export function createMemberSessionsService(deps: { db: Database; authChanges: AuthChanges }) {
  const { db } = deps;

  async function list(viewer: Viewer, cursor: string | undefined, limit: number): Promise<SessionPage> {
    const rows = await repo.listSessionsOf(db, viewer.userId, decodeCursor(cursor), limit);
    return toPage(rows, limit, (row): MemberSession => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      isCurrent: row.id === viewer.sessionId,
    }));
  }

  /**
   * Ends another session of the caller. The caller's own current one is ended by the route
   * through sign-out (it also clears the cookie), so it never reaches here.
   */
  async function end(viewer: Viewer, sessionId: string): Promise<void> {
    const isEnded = await db.transaction(async (tx) => {
      if (!(await repo.deleteSessionOf(tx, viewer.userId, sessionId))) return false;
      // The session ended may have asked for it: the change must not outlive it (issue 36).
      await deleteEmailChangesOf(tx, viewer.userId);
      return true;
    });
    if (!isEnded) throw new NotFoundError(TEXTS.sessionNotFound);
    deps.authChanges.forgetUser(viewer.userId);
  }

  /** "Sign out everywhere else": every session of the caller but the one asking, and every e-mail change asked for. */
  async function endOthers(viewer: Viewer): Promise<OtherSessionsEnded> {
    // Atomic with a sign-in in flight (ADR 108); asked-for e-mail changes end too (issue 36).
    const ended = await db.transaction((tx) => endSessionsOf(tx, viewer.userId, viewer.sessionId));
    if (ended > 0) deps.authChanges.forgetUser(viewer.userId);
    return { ended };
  }

  return { list, end, endOthers };
}

export type MemberSessionsService = ReturnType<typeof createMemberSessionsService>;
