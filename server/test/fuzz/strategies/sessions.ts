/**
 * Routes that end the session they are called with (sign-out, DELETE /api/account). Fuzzing them
 * with the caller's own session would end the run, so each case picks a session of its own:
 * a fresh one (a disposable member, or a new sign-in of another member), one already ended,
 * a forged one or none. The caller's session is never sent.
 */
import fc from 'fast-check';
import type { FuzzRequest } from '../fuzz-request';
import { shortNastyString, wellFormed } from '../arbitraries';
import type { World } from '../world';

type SessionChoice = 'fresh' | 'ended' | 'forged' | 'none';

const choice = fc.oneof(
  { weight: 2, arbitrary: fc.constant<SessionChoice>('fresh') },
  { weight: 6, arbitrary: fc.constant<SessionChoice>('ended') },
  { weight: 6, arbitrary: fc.constant<SessionChoice>('forged') },
  { weight: 3, arbitrary: fc.constant<SessionChoice>('none') },
);
export const sessionExtra = () => fc.record({ session: choice, forged: shortNastyString });
export const signOutExtra = sessionExtra;

const ended: string[] = [];

function cookieName(w: World): string {
  return w.me.cookie.slice(0, w.me.cookie.indexOf('='));
}

async function cookieFor(
  w: World,
  extra: { session: SessionChoice; forged: string },
  fresh: () => Promise<string>,
): Promise<string | undefined> {
  if (extra.session === 'fresh') return fresh();
  if (extra.session === 'ended' && ended.length) return ended[ended.length - 1];
  if (extra.session === 'none') return undefined;
  // Only cookie-safe characters: the point is a well-formed cookie naming no session.
  const value = encodeURIComponent(wellFormed(extra.forged));
  return `${cookieName(w)}=${value}.${value}`;
}

function sendWith(w: World, method: 'POST' | 'DELETE', req: FuzzRequest, cookie: string | undefined) {
  return w.t.app.inject({
    method,
    url: req.url,
    headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  });
}

/** POST /api/auth/sign-out with a fresh sign-in of another member, or an ended/forged/no session. */
export async function sendSignOut(w: World, req: FuzzRequest) {
  const extra = req.extra as { session: SessionChoice; forged: string };
  const cookie = await cookieFor(w, extra, () => w.t.signIn(w.other.email, w.other.password));
  const res = await sendWith(w, 'POST', req, cookie);
  if (cookie && extra.session === 'fresh') ended.push(cookie);
  return res;
}

/** DELETE /api/account as a disposable member (made for this case), or an ended/forged/no session. */
export async function sendDeleteAccount(w: World, req: FuzzRequest) {
  const extra = req.extra as { session: SessionChoice; forged: string };
  const cookie = await cookieFor(w, extra, async () => (await w.disposable()).cookie);
  const res = await sendWith(w, 'DELETE', req, cookie);
  if (cookie && extra.session === 'fresh') ended.push(cookie);
  return res;
}
