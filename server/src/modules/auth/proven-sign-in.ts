/**
 * Signing in a member whose identity our own code has proven without a password (a verified
 * passkey, ADR 077): better-auth starts the session (session-issuer.ts), and the session the
 * browser held before ends, as at a password sign-in (no fixation).
 */
import type { CurrentUser } from '@common/schemas/auth';
import type { Database } from '@db/client';
import * as repo from './auth.repository';
import { type AuthService, type RequestContext, type WithCookies, toHeaders } from './auth.service';
import type { BetterAuth } from './better-auth';
import type { SessionCache } from './session-cache';

export function createProvenSignIn(deps: {
  db: Database;
  auth: BetterAuth;
  authService: AuthService;
  sessionCache: SessionCache;
}) {
  const { db, auth, authService, sessionCache } = deps;
  return async function signInProven(userId: string, ctx: RequestContext): Promise<WithCookies<CurrentUser>> {
    const previous = await authService.resolveViewer(ctx).catch(() => ({ result: null }));
    const { headers } = await auth.api.issueSession({
      body: { userId },
      headers: toHeaders({ ...ctx, cookie: undefined }),
      returnHeaders: true,
    });
    if (previous.result) {
      await repo.deleteSession(db, previous.result.sessionId);
      sessionCache.forgetUser(previous.result.userId);
    }
    return { result: await authService.currentUser(userId), setCookies: headers.getSetCookie() };
  };
}

export type ProvenSignIn = ReturnType<typeof createProvenSignIn>;
