/**
 * Accounts: sign-in, sign-up with the invitation token (docs/product.md#invitations-and-signing-up, ADR 027), sign-out
 * and password changes (e-mail changes: email-change.service.ts). better-auth owns passwords and sessions; this service owns the
 * rules around them (roles, profiles, pending activations) and the errors a person sees.
 */
import { APIError } from 'better-auth/api';
import type { ChangePassword, CurrentUser, SignIn, SignUp } from '@common/schemas/auth';
import { TEXTS } from '@common/texts';
import type { Database } from '@db/client';
import { isForeignKeyViolation, isUniqueViolation } from '@db/pg-errors';
import { BadRequestError, ConflictError, ForbiddenError, UnauthorizedError } from '@server/lib/errors';
import { MODERATION_TEXTS } from '@common/schemas/moderation';
import { findActiveSuspension } from '../moderation/moderation.repository';
import { hashToken } from '../invitations/signup-token';
import * as repo from './auth.repository';
import * as epochs from './session-epoch.repository';
import { writeProfileWithHandle } from './new-handle';
import { findTwoFactorAccount } from '../two-factor/two-factor.repository';
import { hashPassword, verifyPassword } from './password-hasher';
import { type BetterAuth, SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from './better-auth';
import type { LastSeen } from './last-seen';
import type { PasswordChangedNotice } from './password-changed';
import { deletePasswordResetsOf } from './password-reset.repository';
import type { SessionCache } from './session-cache';
import type { Viewer } from './viewer';

/** Sign-up's 409 for an address that has an account: the form shows it under the e-mail. */
const EMAIL_TAKEN = { code: 'email_taken', field: 'email' } as const;

/** What the HTTP layer knows about the caller, passed to better-auth as request headers. */
export interface RequestContext {
  cookie?: string;
  userAgent?: string;
  ip: string;
}

type Activation = { id: string; country: string | null };

export interface WithCookies<T> {
  result: T;
  setCookies: string[];
}

export function toHeaders(ctx: RequestContext): Headers {
  const headers = new Headers({ 'x-forwarded-for': ctx.ip });
  if (ctx.cookie) headers.set('cookie', ctx.cookie);
  if (ctx.userAgent) headers.set('user-agent', ctx.userAgent);
  return headers;
}

function isPastAbsoluteLifetime(createdAt: Date): boolean {
  return Date.now() - new Date(createdAt).getTime() > SESSION_ABSOLUTE_SECONDS * 1000;
}

/**
 * Until when a cached session may be trusted: not past its expiry or its 30 days, and not past
 * the moment better-auth would slide its expiry (a day after the last slide), so the next
 * lookup after that goes to better-auth and the idle limit keeps moving with use.
 */
function cacheableUntil(session: { createdAt: Date; expiresAt: Date }): number {
  const expiresAt = new Date(session.expiresAt).getTime();
  const slidesAt = expiresAt - (SESSION_IDLE_SECONDS - SESSION_REFRESH_SECONDS) * 1000;
  const endsAt = new Date(session.createdAt).getTime() + SESSION_ABSOLUTE_SECONDS * 1000;
  return Math.min(expiresAt, slidesAt, endsAt);
}

function errorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/**
 * The raw value of cookie `name` in a Cookie header; undefined when absent or sent more than
 * once. Twice is refused because the cache must key on the value better-auth checked: with two,
 * a planted value could otherwise be cached as the real session's.
 */
export function cookieValue(header: string, name: string): string | undefined {
  let value: string | undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0 || pair.slice(0, at).trim() !== name) continue;
    if (value !== undefined) return undefined;
    value = pair.slice(at + 1).trim();
  }
  return value;
}

export interface SessionDeps {
  cache: SessionCache;
  cookieName: string;
  /** Records "last seen" when a request had to look its session up (ADR 074). */
  lastSeen?: LastSeen;
  /** After a password change: reset links end, the owner is mailed (ADR 073). */
  passwordChanged?: PasswordChangedNotice;
}

/** Sign-in after the password: the account's second factor, when it has one (ADR 075). */
export interface SecondFactorPolicy {
  /** REQUIRE_ADMIN_2FA (ADR 076). */
  requireAdminTwoFactor: boolean;
}

/** A right password for an account with two-factor on: no session yet, a code is needed. */
export interface SecondFactorDue {
  secondFactorUserId: string;
}

export function createAuthService(db: Database, auth: BetterAuth, sessions: SessionDeps, policy: SecondFactorPolicy) {
  const sessionCache = sessions.cache;
  async function currentUser(userId: string): Promise<CurrentUser> {
    const user = await repo.findCurrentUser(db, userId);
    if (!user) throw new UnauthorizedError(TEXTS.signInRequired);
    return { ...user, isTwoFactorRequired: policy.requireAdminTwoFactor && user.role === 'admin' };
  }

  /**
   * A suspended member cannot sign in (issue 25): refused with when it ends, after the password
   * or the passkey or code was proven, so only the account's owner learns of it.
   */
  async function assertNotSuspended(userId: string): Promise<void> {
    const suspension = await findActiveSuspension(db, userId);
    if (!suspension) return;
    throw new ForbiddenError(
      suspension.until ? MODERATION_TEXTS.suspendedUntil(suspension.until.toISOString()) : MODERATION_TEXTS.suspendedIndefinitely,
    );
  }

  async function resolveViewer(ctx: RequestContext): Promise<WithCookies<Viewer | null>> {
    if (!ctx.cookie) return { result: null, setCookies: [] };
    const sessionCookie = cookieValue(ctx.cookie, sessions.cookieName);
    const cached = sessionCookie ? sessionCache.get(sessionCookie) : null;
    if (cached) return { result: cached, setCookies: [] };
    const version = sessionCache.version();
    const { headers, response } = await auth.api.getSession({ headers: toHeaders(ctx), returnHeaders: true });
    const setCookies = headers.getSetCookie();
    if (!response) return { result: null, setCookies };
    if (isPastAbsoluteLifetime(response.session.createdAt)) {
      // Used every day, a session still ends 30 days after its sign-in (ADR 015).
      await repo.deleteSession(db, response.session.id);
      sessionCache.forgetUser(response.user.id);
      return { result: null, setCookies: [] };
    }
    await sessions.lastSeen?.touch(response.session.id);
    const role = (await repo.findRole(db, response.user.id)) ?? 'pending';
    const viewer = { userId: response.user.id, email: response.user.email, role, sessionId: response.session.id };
    // A refreshed cookie is a new value: the next request looks it up (and caches it) anew.
    if (sessionCookie && setCookies.length === 0) {
      sessionCache.set(sessionCookie, viewer, cacheableUntil(response.session), version);
    }
    return { result: viewer, setCookies };
  }

  async function signInWithPassword(email: string, password: string, ctx: RequestContext) {
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password, rememberMe: true },
        headers: toHeaders({ ...ctx, cookie: undefined }),
        returnHeaders: true,
      });
      return { userId: response.user.id, token: response.token, setCookies: headers.getSetCookie() };
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) return null;
      // The account was deleted while its password was checked: its session could not be made.
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
  }

  /** A new session at every sign-in; the one the browser held before is ended (no fixation). */
  async function endPreviousSession(ctx: RequestContext) {
    const previous = await resolveViewer(ctx).catch(() => ({ result: null }));
    return async () => {
      if (!previous.result) return;
      await repo.deleteSession(db, previous.result.sessionId);
      sessionCache.forgetUser(previous.result.userId);
    };
  }

  /**
   * With two-factor on, the password is checked here and no session is made (ADR 075): one
   * argon2id computation, as better-auth's path for a wrong password or an unknown e-mail makes,
   * so the three answer in the same time.
   */
  async function signIn(body: SignIn, ctx: RequestContext): Promise<WithCookies<CurrentUser> | SecondFactorDue> {
    const twoFactorAccount = await findTwoFactorAccount(db, body.email);
    if (twoFactorAccount) {
      const isRight = await verifyPassword({ hash: twoFactorAccount.passwordHash ?? '', password: body.password });
      if (!isRight) throw new UnauthorizedError(TEXTS.invalidCredentials);
      await assertNotSuspended(twoFactorAccount.userId);
      return { secondFactorUserId: twoFactorAccount.userId };
    }
    const endPrevious = await endPreviousSession(ctx);
    // Read before the password is checked (ADR 108): a reset, change or suspension committing
    // while the old password is checked bumps it, and the session made below ends unused.
    const epoch = await epochs.findSessionEpochByEmail(db, body.email);
    const signedIn = await signInWithPassword(body.email, body.password, ctx);
    if (!signedIn) throw new UnauthorizedError(TEXTS.invalidCredentials);
    if (!(await db.transaction((tx) => epochs.keepSessionIfEpoch(tx, signedIn.userId, epoch, { token: signedIn.token })))) {
      sessionCache.forgetUser(signedIn.userId);
      await assertNotSuspended(signedIn.userId);
      throw new UnauthorizedError(TEXTS.invalidCredentials);
    }
    if (await findActiveSuspension(db, signedIn.userId)) {
      // better-auth made the session before the suspension could be seen: it ends unused.
      await repo.deleteSessionsOf(db, signedIn.userId);
      sessionCache.forgetUser(signedIn.userId);
      await assertNotSuspended(signedIn.userId);
    }
    await endPrevious();
    return { result: await currentUser(signedIn.userId), setCookies: signedIn.setCookies };
  }

  /** Starts the session of a user whose second factor was just proven (session-issuer.ts). */
  async function issueSession(userId: string, ctx: RequestContext): Promise<WithCookies<CurrentUser>> {
    const epoch = await epochs.findSessionEpoch(db, userId);
    await assertNotSuspended(userId);
    const endPrevious = await endPreviousSession(ctx);
    const { headers, response } = await auth.api.issueSession({
      body: { userId },
      headers: toHeaders({ ...ctx, cookie: undefined }),
      returnHeaders: true,
    });
    // A suspension or reset that committed meanwhile ends this session too (ADR 108).
    if (!(await db.transaction((tx) => epochs.keepSessionIfEpoch(tx, userId, epoch, { sessionId: response.sessionId })))) {
      sessionCache.forgetUser(userId);
      await assertNotSuspended(userId);
      throw new UnauthorizedError(TEXTS.signInRequired);
    }
    await endPrevious();
    return { result: await currentUser(userId), setCookies: headers.getSetCookie() };
  }

  async function findActivation(body: SignUp) {
    if (!body.token) return null;
    const activation = await repo.findActivationByToken(db, body.email, hashToken(body.token));
    if (!activation) throw new BadRequestError(TEXTS.invalidSignupToken);
    return activation;
  }

  /** Profile and role of a new account; a signup link's activation is consumed and proves the mailbox. */
  async function finishSignUp(userId: string, body: SignUp, activation: Activation | null) {
    await db.transaction(async (tx) => {
      const isActivated = activation ? await repo.deleteActivation(tx, activation.id) : false;
      if (activation && !isActivated) throw new BadRequestError(TEXTS.invalidSignupToken);
      if (isActivated) await repo.markClaimed(tx, userId, body.fullName);
      await writeProfileWithHandle(tx, { userId, name: body.fullName, country: activation?.country ?? null });
      await repo.setRole(tx, userId, isActivated ? 'user' : 'pending');
    });
    sessionCache.forgetUser(userId);
  }

  /**
   * ADR 027: the signup link of an approved invitation always ends in a working account for the
   * owner of the mailbox. An account that never proved that mailbox (signed up without a link)
   * is taken over: the invitee's password and name, a handle made from the name, role user (an
   * admin stays admin), every session and asked-for e-mail change of it ended.
   */
  async function claimUnprovenAccount(userId: string, body: SignUp, activation: Activation, ctx: RequestContext) {
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      const account = await repo.lockUserByEmail(tx, body.email);
      if (!account || account.id !== userId || account.isEmailVerified)
        throw new ConflictError(TEXTS.userAlreadyRegistered, EMAIL_TAKEN);
      if (!(await repo.deleteActivation(tx, activation.id))) throw new BadRequestError(TEXTS.invalidSignupToken);
      await repo.setPasswordHash(tx, userId, passwordHash);
      await epochs.endSessionsOf(tx, userId);
      await deletePasswordResetsOf(tx, userId);
      await repo.markClaimed(tx, userId, body.fullName);
      await writeProfileWithHandle(tx, { userId, name: body.fullName, country: activation.country });
      if ((await repo.findRole(tx, userId)) !== 'admin') await repo.setRole(tx, userId, 'user');
    });
    sessionCache.forgetUser(userId);
    const signedIn = await signInWithPassword(body.email, body.password, ctx);
    if (!signedIn) throw new Error('a claimed account could not sign in with its new password');
    return { result: await currentUser(userId), setCookies: signedIn.setCookies, isNew: true };
  }

  /**
   * Sign-up never signs an existing account in and never checks its password (ADR 027, which
   * replaces the original app's "account creation first tries a password sign-in"): an e-mail that has an
   * account is 409, unless a valid signup link claims an account that never proved the mailbox.
   */
  async function signUp(body: SignUp, ctx: RequestContext): Promise<WithCookies<CurrentUser> & { isNew: boolean }> {
    const activation = await findActivation(body);
    const existingId = await repo.findUserIdByEmail(db, body.email);
    if (existingId) {
      if (!activation) throw new ConflictError(TEXTS.userAlreadyRegistered, EMAIL_TAKEN);
      // A signup link's takeover signs the account in: not while it is suspended.
      await assertNotSuspended(existingId);
      return claimUnprovenAccount(existingId, body, activation, ctx);
    }
    let created;
    try {
      created = await auth.api.signUpEmail({
        body: { email: body.email, password: body.password, name: body.fullName },
        headers: toHeaders({ ...ctx, cookie: undefined }),
        returnHeaders: true,
      });
    } catch (error) {
      // Another sign-up for this e-mail created it a moment ago: better-auth turns that unique
      // violation into a 422 'failed to create user', so the account's presence decides.
      const isTaken =
        errorCode(error)?.startsWith('USER_ALREADY_EXISTS') ||
        isUniqueViolation(error) ||
        (error instanceof APIError && (await repo.findUserIdByEmail(db, body.email)) !== null);
      if (isTaken) throw new ConflictError(TEXTS.userAlreadyRegistered, EMAIL_TAKEN);
      throw error;
    }
    const userId = created.response.user.id;
    try {
      await finishSignUp(userId, body, activation);
    } catch (error) {
      // No half-made account: without its profile and role the user row goes too (unless a
      // signup link's takeover racing this request finished it meanwhile).
      await repo.deleteUnfinishedUser(db, userId);
      throw error;
    }
    return { result: await currentUser(userId), setCookies: created.headers.getSetCookie(), isNew: true };
  }

  /** `viewer`: the caller the request already resolved (null when signed out), forgotten by the cache. */
  async function signOut(ctx: RequestContext, viewer: Viewer | null): Promise<string[]> {
    if (!ctx.cookie) return [];
    try {
      const { headers } = await auth.api.signOut({ headers: toHeaders(ctx), returnHeaders: true });
      return headers.getSetCookie();
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) return [];
      throw error;
    } finally {
      if (viewer) sessionCache.forgetUser(viewer.userId);
    }
  }

  /** Verifies the current password; every other session of the account ends. */
  async function changePassword(viewer: Viewer, body: ChangePassword, ctx: RequestContext): Promise<string[]> {
    try {
      const { headers, response } = await auth.api.changePassword({
        body: { ...body, revokeOtherSessions: true },
        headers: toHeaders(ctx),
        returnHeaders: true,
      });
      // better-auth ended the other sessions and issued this one anew, outside any transaction
      // of ours: a sign-in that checked the old password meanwhile may have made one since. The
      // epoch bump with the row locked ends it, here or at that sign-in's own check (ADR 108);
      // so does an asked-for e-mail change: whoever asked with the old password (a stolen
      // session) must not move the account onto their own address after the owner locked them out.
      await db.transaction(async (tx) => {
        const keep = response.token ? await epochs.findSessionIdByToken(tx, response.token) : undefined;
        await epochs.endSessionsOf(tx, viewer.userId, keep);
      });
      sessionCache.forgetUser(viewer.userId);
      await sessions.passwordChanged?.(viewer.userId);
      return headers.getSetCookie();
    } catch (error) {
      if (errorCode(error) === 'INVALID_PASSWORD')
        throw new BadRequestError(TEXTS.currentPasswordWrong, { code: 'current_password_wrong', field: 'currentPassword' });
      if (error instanceof APIError && error.statusCode < 500) throw new BadRequestError(error.message);
      throw error;
    }
  }

  return { resolveViewer, currentUser, signIn, issueSession, signUp, signOut, changePassword };
}

export type AuthService = ReturnType<typeof createAuthService>;
