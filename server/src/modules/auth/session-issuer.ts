/**
 * A better-auth plugin with one server-only endpoint: start a session for a user whose identity
 * our own code has already proven (a second factor after the password, a passkey). The session
 * is made and its cookie signed by better-auth exactly as a password sign-in would, so lifetimes,
 * hashed tokens (hashed-session-tokens.ts) and the cookie's attributes stay in one place.
 * Our routes call it as `auth.api.issueSession`; the handler is never mounted (ADR 001).
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

export const sessionIssuer = () =>
  ({
    id: 'waymark-session-issuer',
    endpoints: {
      issueSession: createAuthEndpoint(
        '/waymark/issue-session',
        { method: 'POST', body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('NOT_FOUND', { message: 'no such user' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id, sessionId: session.id });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
