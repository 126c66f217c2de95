/**
 * Rate limits (ADR 005), at least as strict as Mastodon's: sign-in 25 per 5 minutes
 * per IP and per account and known device, 10 per account from unknown devices (ADR 107); sign-ups and invitation requests 5 per 30 minutes per IP; photo
 * uploads 30 files per 30 minutes per member. The counts come from the config; the windows are
 * fixed here. Counters live in this process's memory, or in Redis when REDIS_URL is set, so that
 * several instances share one budget (shared-limit-store.ts, ADR 113).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { DATA_EXPORT_TEXTS } from '@common/schemas/data-export';
import { TEXTS } from '@common/texts';
import { TooManyRequestsError } from '../lib/errors';
import { errorBody } from './error-handler';
import { sharedLimitStore } from './shared-limit-store';

/** How many calls each limit allows in its window. */
export interface RateLimits {
  signIn: number;
  /** Sign-ins to one account from browsers without its known-device cookie, together (ADR 107). */
  signInUnknownDevice: number;
  signUp: number;
  invitationRequest: number;
  uploads: number;
  /** Reads of shared guide links and their photos, per IP (ADR 068). */
  sharedLinks: number;
  /** Password reset links asked for, per IP and (passwordResetAccount) per e-mail address (ADR 073). */
  passwordReset: number;
  passwordResetAccount: number;
  /** Two-factor codes checked per account (ADR 075). */
  twoFactor: number;
  /** "Download my data" exports started, per member (ADR 080). */
  dataExports: number;
}

const MINUTE = 60_000;
export const RATE_LIMIT_WINDOWS_MS: Record<keyof RateLimits, number> = {
  signIn: 5 * MINUTE,
  signInUnknownDevice: 5 * MINUTE,
  signUp: 30 * MINUTE,
  invitationRequest: 30 * MINUTE,
  uploads: 30 * MINUTE,
  sharedLinks: 5 * MINUTE,
  passwordReset: 30 * MINUTE,
  passwordResetAccount: 30 * MINUTE,
  twoFactor: 15 * MINUTE,
  dataExports: 60 * MINUTE,
};

export type KeyedLimiter = ReturnType<typeof keyedLimiter>;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
    /**
     * Limits keyed by account and device (sign-ins, by e-mail), by client IP across every route
     * that checks a password, by session (a signed-in member's password checks), by member (photo
     * files uploaded, e-mail change links sent).
     */
    keyedLimits: {
      signInKnownDevice: KeyedLimiter;
      signInUnknownDevice: KeyedLimiter;
      passwordSession: KeyedLimiter;
      passwordIp: KeyedLimiter;
      uploads: KeyedLimiter;
      emailChange: KeyedLimiter;
      passwordResetAccount: KeyedLimiter;
      /** Two-factor codes and recovery codes checked, by account (ADR 075). */
      twoFactor: KeyedLimiter;
      dataExports: KeyedLimiter;
    };
    /**
     * Every route that checks a password counts one attempt against the same per-IP limit
     * (ADR 029), so no route is a side door for guessing. A sign-in also counts against its
     * account: per known device when it presents that account's device cookie (`deviceId`), else
     * in the account's one budget for unknown devices (ADR 107), so a guesser elsewhere never
     * locks the owner's own browser out.
     */
    signInAttempt(request: FastifyRequest, accountEmail: string, deviceId: string | null): Promise<void>;
    /**
     * A signed-in member's password check (password or e-mail change, two-factor, passkeys): per
     * IP and per session, never the account's sign-in budget, which strangers can fill (ADR 107).
     */
    signedInPasswordAttempt(request: FastifyRequest, sessionId: string): Promise<void>;
  }
}

/** The `config.rateLimit` of a route limited per client IP. */
export function limitPerIp(app: FastifyInstance, key: keyof RateLimits) {
  return { max: app.rateLimits[key], timeWindow: RATE_LIMIT_WINDOWS_MS[key] };
}

/**
 * A limit keyed by something other than the IP (an account's e-mail, a member's id). It is
 * called from a handler, after parsing: @fastify/rate-limit runs only one of its own hooks per
 * request, so a second limit on a route must be checked this way. One call counts one unit: an
 * upload calls it once per file, as Mastodon counts media.
 */
function keyedLimiter(app: FastifyInstance, key: keyof RateLimits, message: string = TEXTS.tooManyRequests) {
  const subjects = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: app.rateLimits[key],
    timeWindow: RATE_LIMIT_WINDOWS_MS[key],
    keyGenerator: (request) => `${key}:${subjects.get(request) ?? request.ip}`,
  });
  return async (request: FastifyRequest, subject: string): Promise<void> => {
    subjects.set(request, subject);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw new TooManyRequestsError(message);
  };
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { limits: RateLimits; redis: Redis | null }) => {
  app.decorate('rateLimits', opts.limits);
  await app.register(rateLimit, {
    global: false,
    // With REDIS_URL every instance counts against one budget (ADR 113).
    ...(opts.redis ? { store: sharedLimitStore(opts.redis, app.log) } : {}),
    errorResponseBuilder: (_request, context) => {
      // @fastify/rate-limit throws what this returns; the statusCode makes it a 429.
      return Object.assign(new Error(TEXTS.tooManyRequests), errorBody(context.statusCode, TEXTS.tooManyRequests));
    },
  });
  // One counter per limit for the whole app: the three upload routes share the member's budget.
  const keyedLimits = {
    signInKnownDevice: keyedLimiter(app, 'signIn'),
    signInUnknownDevice: keyedLimiter(app, 'signInUnknownDevice'),
    passwordSession: keyedLimiter(app, 'signIn'),
    passwordIp: keyedLimiter(app, 'signIn'),
    uploads: keyedLimiter(app, 'uploads'),
    // Links sent to a new address: as few as sign-ups (a member can't mail-bomb anyone with them).
    emailChange: keyedLimiter(app, 'signUp'),
    // Reset links mailed to one address, whether it has an account or not (ADR 073).
    passwordResetAccount: keyedLimiter(app, 'passwordResetAccount'),
    twoFactor: keyedLimiter(app, 'twoFactor'),
    dataExports: keyedLimiter(app, 'dataExports', DATA_EXPORT_TEXTS.tooManyExports),
  };
  app.decorate('keyedLimits', keyedLimits);
  app.decorate('signInAttempt', async (request: FastifyRequest, accountEmail: string, deviceId: string | null) => {
    await keyedLimits.passwordIp(request, `ip:${request.ip}`);
    const account = `account:${accountEmail.trim().toLowerCase()}`;
    if (deviceId) await keyedLimits.signInKnownDevice(request, `${account}:device:${deviceId}`);
    else await keyedLimits.signInUnknownDevice(request, account);
  });
  app.decorate('signedInPasswordAttempt', async (request: FastifyRequest, sessionId: string) => {
    await keyedLimits.passwordIp(request, `ip:${request.ip}`);
    await keyedLimits.passwordSession(request, `session:${sessionId}`);
  });
});
