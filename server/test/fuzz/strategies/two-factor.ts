/**
 * Two-factor routes (ADR 075). Right codes are mixed in (made from the secret the run set up),
 * so the fuzz reaches past "wrong code" into enabling, new recovery codes, turning it off and
 * signing in. The caller's two-factor is on only while its own routes run: every other route
 * of the file signs the caller in with a password alone. `restore` turns it off again.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { signInChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from '@db/schema';
import { enableTwoFactor, startTwoFactorSignIn, totpCode } from '@server-test/two-factor';
import { shortNastyString, wellFormed } from '../arbitraries';
import type { FuzzRequest } from '../fuzz-request';
import type { Strategies } from '../strategy';
import type { World } from '../world';
import { text } from './helpers';

/** What the run knows of a member's two-factor: the secret (pending or on) and recovery codes. */
interface Known {
  secret?: string;
  isEnabled: boolean;
  recoveryCodes: string[];
}
const known = new Map<string, Known>();
const knownOf = (userId: string): Known => known.get(userId) ?? { isEnabled: false, recoveryCodes: [] };

/** Read when the case is generated: the secret appears during the run. */
const current = <T>(read: () => T) => fc.constant(null).map(read);

function code(userId: string) {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.integer({ min: -2, max: 2 }).chain((k) => current(() => totpCode(knownOf(userId).secret ?? 'AAAA', k))),
    },
    { weight: 2, arbitrary: fc.stringMatching(/^\d{6}$/) },
    { weight: 1, arbitrary: text(20) },
  );
}

function recoveryCode(userId: string) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.nat().chain((i) => current(() => knownOf(userId).recoveryCodes[i % 10] ?? 'abcde-fghjk')) },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-z]{5}-[0-9a-z]{5}$/) },
    { weight: 1, arbitrary: text(40) },
  );
}

/** A code, a recovery code, both or neither. */
const factor = (userId: string) => fc.record({ code: code(userId), recoveryCode: recoveryCode(userId) }, { requiredKeys: [] });

async function turnOn(w: World, member: { id: string; email: string; password: string }, cookie: string) {
  const state = knownOf(member.id);
  if (state.isEnabled) return;
  await forget(w, member.id);
  const { secret, recoveryCodes } = await enableTwoFactor(w.t, { cookie, password: member.password });
  known.set(member.id, { secret, recoveryCodes, isEnabled: true });
}

/** Two-factor of `userId` off again, its challenges gone (restore). */
async function forget(w: World, userId: string) {
  await w.t.db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await w.t.db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await w.t.db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  known.delete(userId);
}

function sendAsMe(w: World, req: FuzzRequest) {
  return w.t.app.inject({
    method: 'POST',
    url: req.url,
    headers: { cookie: w.me.cookie, ...req.headers },
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  });
}

/** Learns what a success answer tells: a new secret, recovery codes, two-factor turned on or off. */
function learn(w: World, req: FuzzRequest, res: { statusCode: number; body: string }) {
  if (res.statusCode >= 300) return;
  const state = knownOf(w.me.id);
  const path = new URL(req.url, 'http://fuzz').pathname;
  if (path.endsWith('/setup')) known.set(w.me.id, { secret: JSON.parse(res.body).secret, isEnabled: false, recoveryCodes: [] });
  else if (path.endsWith('/disable')) known.delete(w.me.id);
  else known.set(w.me.id, { ...state, isEnabled: true, recoveryCodes: JSON.parse(res.body).recoveryCodes });
}

const TABLES = ['two_factor_secrets', 'two_factor_recovery_codes'];

type ChallengeChoice = 'fresh' | 'none' | 'forged';

export const TWO_FACTOR: Strategies = {
  'GET /api/auth/two-factor': { group: 'auth', tables: [] },
  'POST /api/auth/two-factor/setup': {
    group: 'auth',
    tables: ['two_factor_secrets'],
    body: (w) =>
      fc.record({
        password: fc.oneof({ weight: 3, arbitrary: current(() => w.me.password) }, { weight: 1, arbitrary: text(40) }),
      }),
    after: learn,
    restore: (w) => forget(w, w.me.id),
  },
  'POST /api/auth/two-factor/enable': {
    group: 'auth',
    tables: TABLES,
    body: (w) => fc.record({ code: code(w.me.id) }),
    send: async (w, req) => {
      // A pending secret to confirm; once on, the same codes meet "already on".
      if (!knownOf(w.me.id).secret) {
        const setup = await w.t.call('POST', '/api/auth/two-factor/setup', {
          cookie: w.me.cookie,
          body: { password: w.me.password },
        });
        known.set(w.me.id, { secret: setup.json<{ secret: string }>().secret, isEnabled: false, recoveryCodes: [] });
      }
      return sendAsMe(w, req);
    },
    after: learn,
    restore: (w) => forget(w, w.me.id),
  },
  'POST /api/auth/two-factor/recovery-codes': {
    group: 'auth',
    tables: TABLES,
    body: (w) => fc.record({ code: code(w.me.id) }),
    send: async (w, req) => {
      await turnOn(w, w.me, w.me.cookie);
      return sendAsMe(w, req);
    },
    after: learn,
    restore: (w) => forget(w, w.me.id),
  },
  'POST /api/auth/two-factor/disable': {
    group: 'auth',
    tables: TABLES,
    body: (w) =>
      factor(w.me.id).chain((f) =>
        fc
          .record({
            password: fc.oneof({ weight: 4, arbitrary: current(() => w.me.password) }, { weight: 1, arbitrary: text(40) }),
          })
          .map((p) => ({ ...p, ...f })),
      ),
    send: async (w, req) => {
      await turnOn(w, w.me, w.me.cookie);
      return sendAsMe(w, req);
    },
    after: learn,
    restore: (w) => forget(w, w.me.id),
  },
  // Signs `other` in (two-factor on for this route's run) with a fresh, no or a forged challenge.
  'POST /api/auth/sign-in/two-factor': {
    group: 'auth',
    tables: [...TABLES, 'sign_in_challenges', 'sessions'],
    body: (w) => factor(w.other.id),
    extra: () =>
      fc.record({
        challenge: fc.constantFrom<ChallengeChoice>('fresh', 'fresh', 'none', 'forged'),
        forged: shortNastyString,
      }),
    send: async (w, req) => {
      if (!knownOf(w.other.id).isEnabled) await turnOn(w, w.other, await w.t.signIn(w.other.email, w.other.password));
      const extra = req.extra as { challenge: ChallengeChoice; forged: string };
      const challenge =
        extra.challenge === 'fresh'
          ? await startTwoFactorSignIn(w.t, w.other)
          : extra.challenge === 'forged'
            ? `waymark.sign_in_challenge=${encodeURIComponent(wellFormed(extra.forged))}`
            : undefined;
      return w.t.app.inject({
        method: 'POST',
        url: req.url,
        headers: { ...req.headers, ...(challenge ? { cookie: challenge } : {}) },
        ...(req.payload === undefined ? {} : { payload: req.payload }),
      });
    },
    restore: (w) => forget(w, w.other.id),
  },
};
