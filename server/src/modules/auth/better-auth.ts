/**
 * better-auth runs e-mail/password sessions on our own tables (users, sessions, accounts,
 * verifications). Its HTTP handler is not mounted: our routes call `auth.api.*`, so every
 * endpoint goes through our validation, access table, CSRF check and rate limits.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { LIMITS } from '@common/limits';
import type { Database } from '@db/client';
import { accounts, sessions, users, verifications } from '@db/schema';
import { withHashedSessionTokens } from './hashed-session-tokens';
import { hashPassword, verifyPassword } from './password-hasher';
import { sessionIssuer } from './session-issuer';

/**
 * Session lifetimes (ADR 015): a session unused for 7 days ends (better-auth slides the expiry
 * at most once a day of use); any session ends 30 days after sign-in, used or not.
 */
export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_REFRESH_SECONDS = 60 * 60 * 24;
export const SESSION_ABSOLUTE_SECONDS = 60 * 60 * 24 * 30;

/**
 * The session cookie's name: under https the __Host- prefix (Secure, Path=/, no Domain, so no
 * other host or path can set or shadow it); plain http (local use) can't carry either prefix.
 */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Host-waymark.session_token' : 'waymark.session_token';
}

export function createBetterAuth(opts: { db: Database; secret: string; publicUrl: string }) {
  const isHttps = opts.publicUrl.startsWith('https:');
  return betterAuth({
    appName: 'Waymark',
    baseURL: opts.publicUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    database: withHashedSessionTokens(
      drizzleAdapter(opts.db, {
        provider: 'pg',
        schema: { user: users, session: sessions, account: accounts, verification: verifications },
      }),
    ),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: LIMITS.passwordMinLength,
      maxPasswordLength: LIMITS.passwordMaxLength,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    advanced: {
      cookiePrefix: 'waymark',
      // Our own name carries the prefix: better-auth's own would be __Secure-, not __Host-.
      useSecureCookies: false,
      cookies: { session_token: { name: sessionCookieName(opts.publicUrl) } },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, path: '/', secure: isHttps },
      database: { generateId: 'uuid' },
    },
    trustedOrigins: [new URL(opts.publicUrl).origin],
    // @fastify/rate-limit guards our routes; better-auth's own limiter only sees its handler.
    rateLimit: { enabled: false },
    plugins: [sessionIssuer()],
    telemetry: { enabled: false },
    // A wrong password is an expected 401, not a warning worth a log line.
    logger: { level: 'error' },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
