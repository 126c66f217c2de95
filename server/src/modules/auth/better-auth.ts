/**
 * better-auth runs e-mail/password sessions on our own tables (users, sessions, accounts,
 * verifications). Its HTTP handler is not mounted: our routes call `auth.api.*`, so every
 * endpoint goes through our validation, access table, CSRF check and rate limits.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { LIMITS } from '../../../../common/limits';
import type { Database } from '../../../../db/client';
import { accounts, sessions, users, verifications } from '../../../../db/schema';
import { hashPassword, verifyPassword } from './password-hasher';

export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 30;

export function createBetterAuth(opts: { db: Database; secret: string; publicUrl: string }) {
  return betterAuth({
    appName: 'Waymark',
    baseURL: opts.publicUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    database: drizzleAdapter(opts.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: LIMITS.passwordMinLength,
      maxPasswordLength: LIMITS.passwordMaxLength,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: { expiresIn: SESSION_LIFETIME_SECONDS, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: 'waymark',
      useSecureCookies: opts.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      database: { generateId: 'uuid' },
    },
    trustedOrigins: [new URL(opts.publicUrl).origin],
    // @fastify/rate-limit guards our routes; better-auth's own limiter only sees its handler.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // A wrong password is an expected 401, not a warning worth a log line.
    logger: { level: 'error' },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
