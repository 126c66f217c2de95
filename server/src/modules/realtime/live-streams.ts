/**
 * The open live streams of this process and the rules that end them (ADR 034):
 * - A stream lives as long as the session it was opened with, and with the role it was opened
 *   with: sign-out, password change, deletion, a role change, expiry (idle or the 30-day limit)
 *   or a sign-in that replaces the session ends it. Changes are heard through the session
 *   cache's NOTIFY (`onAuthChange`), in every process; expiry by a timer per stream.
 * - At most STREAMS_PER_SESSION streams per session (one browser: its tabs share one stream,
 *   plus one for a handover in flight); a further one replaces the session's oldest, which is
 *   a closed tab's or a dead connection's. At most STREAMS_PER_MEMBER per member in this
 *   process: the next one is refused (the client polls, docs/product.md#live-updates).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@common/schemas/auth';
import { SESSION_ABSOLUTE_SECONDS } from '../auth/better-auth';
import type { SessionState } from './realtime.repository';

export const STREAMS_PER_MEMBER = 10;
export const STREAMS_PER_SESSION = 2;
/** Longest wait before a stream's session is looked at again (setTimeout's limit is 24.8 days). */
const MAX_CHECK_DELAY_MS = 6 * 60 * 60 * 1000;

export type EndReason = 'session-ended' | 'replaced' | 'closing';

export interface StreamOwner {
  userId: string;
  sessionId: string;
  role: Role;
}

interface Stream extends StreamOwner {
  end(reason: EndReason): void;
  expiryTimer?: NodeJS.Timeout;
}

export interface LiveStreamsDeps {
  findSessions(userId: string): Promise<SessionState[]>;
  log: FastifyBaseLogger;
  limits?: { perMember: number; perSession: number };
}

/** When a session stops being valid: its idle expiry or 30 days after sign-in, whichever is first. */
export function sessionEndsAt(state: SessionState): number {
  return Math.min(new Date(state.expiresAt).getTime(), new Date(state.createdAt).getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
}

export function createLiveStreams(deps: LiveStreamsDeps) {
  const limits = deps.limits ?? { perMember: STREAMS_PER_MEMBER, perSession: STREAMS_PER_SESSION };
  const byUser = new Map<string, Stream[]>();
  const checking = new Map<string, Promise<void>>();
  const checkAgain = new Set<string>();

  function remove(stream: Stream) {
    clearTimeout(stream.expiryTimer);
    const list = byUser.get(stream.userId);
    if (!list) return;
    const at = list.indexOf(stream);
    if (at !== -1) list.splice(at, 1);
    if (list.length === 0) byUser.delete(stream.userId);
  }

  function endStream(stream: Stream, reason: EndReason) {
    remove(stream);
    stream.end(reason);
  }

  /** Ends the user's streams whose session or role is no longer what they were opened with. */
  async function revalidate(userId: string) {
    if (!byUser.has(userId)) return;
    let states: SessionState[];
    try {
      states = await deps.findSessions(userId);
    } catch (error) {
      // The next change or expiry check looks again; every request is checked on its own anyway.
      deps.log.warn({ err: error }, 'realtime: checking the sessions of open streams failed');
      return;
    }
    const bySession = new Map(states.map((s) => [s.sessionId, s]));
    const now = Date.now();
    for (const stream of [...(byUser.get(userId) ?? [])]) {
      const state = bySession.get(stream.sessionId);
      if (!state || state.role !== stream.role || sessionEndsAt(state) <= now) {
        endStream(stream, 'session-ended');
        continue;
      }
      clearTimeout(stream.expiryTimer);
      stream.expiryTimer = setTimeout(() => void check(userId), Math.min(sessionEndsAt(state) - now + 50, MAX_CHECK_DELAY_MS));
      stream.expiryTimer.unref();
    }
  }

  /** Looks at the user's streams; changes arriving during a look cause one more look after it. */
  function check(userId: string): Promise<void> {
    const running = checking.get(userId);
    if (running) {
      checkAgain.add(userId);
      return running;
    }
    const run = (async () => {
      do {
        checkAgain.delete(userId);
        await revalidate(userId);
      } while (checkAgain.has(userId));
    })().finally(() => checking.delete(userId));
    checking.set(userId, run);
    return run;
  }

  return {
    /** Whether `owner` may open one more stream (false: refuse with 429). */
    hasRoom(owner: StreamOwner): boolean {
      const list = byUser.get(owner.userId) ?? [];
      const ofSession = list.filter((s) => s.sessionId === owner.sessionId).length;
      return ofSession >= limits.perSession || list.length < limits.perMember;
    },
    /**
     * Registers an open stream (after `hasRoom`) and checks its session at once, which covers a
     * change committed between the request's authentication and now. Returns its removal.
     */
    add(owner: StreamOwner, end: (reason: EndReason) => void): () => void {
      const list = byUser.get(owner.userId) ?? [];
      const ofSession = list.filter((s) => s.sessionId === owner.sessionId);
      if (ofSession.length >= limits.perSession) endStream(ofSession[0]!, 'replaced');
      const stream: Stream = { ...owner, end };
      byUser.set(owner.userId, [...(byUser.get(owner.userId) ?? []), stream]);
      void check(owner.userId);
      return () => remove(stream);
    },
    /** A user's sessions, role or e-mail changed (null: anyone's may have, unheard). */
    onAuthChange(userId: string | null): Promise<void> {
      if (userId !== null) return check(userId);
      return Promise.all([...byUser.keys()].map(check)).then(() => undefined);
    },
    endAll(reason: EndReason) {
      for (const list of [...byUser.values()]) for (const stream of [...list]) endStream(stream, reason);
    },
    /** Open streams of a user (of one of their sessions), or of everyone. */
    count(userId?: string, sessionId?: string): number {
      if (userId === undefined) return [...byUser.values()].reduce((n, list) => n + list.length, 0);
      const list = byUser.get(userId) ?? [];
      return sessionId === undefined ? list.length : list.filter((s) => s.sessionId === sessionId).length;
    },
    /** Resolves when no session check is running (tests). */
    async settled(): Promise<void> {
      while (checking.size > 0) await Promise.all([...checking.values()]);
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
