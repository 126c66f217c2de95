/**
 * Issue 36 item 17, ADR 108: a sign-in racing a password reset, a password change, a suspension
 * or an account deletion never keeps its session. Before, the credential change deleted the
 * sessions before its commit while a sign-in that had read the old hash inserted its own after.
 * Many rounds of sign-ins with the old password, spread over the change, each round requiring no
 * session to survive but those the change itself keeps. PostgreSQL only (a pool of 12): PGlite
 * runs one transaction at a time, so the race cannot happen there.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions } from '@db/schema';
import type { Executor } from '@db/client';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { hashToken, newSignupToken } from '../invitations/signup-token';
import { upsertSuspension } from '../moderation/moderation.repository';
import { setPasswordHash } from './auth.repository';
import { hashPassword } from './password-hasher';
import { endSessionsOf } from './session-epoch.repository';

const onPostgres = process.env.WAYMARK_TEST_DB === 'postgres';
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 50);
/** Sign-ins per round, started this many ms apart around the change. */
const SIGN_INS = 6;
const SPREAD_MS = 6;
const TIMEOUT_MS = 600_000;

describe.skipIf(!onPostgres)('sign-ins racing the end of sessions', () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { signIn: 1_000_000 } });
    adminCookie = await t.signInAdmin();
  });
  afterAll(() => t?.close());

  type Member = Awaited<ReturnType<TestApp['createMember']>>;
  const sessionsOf = async (userId: string) =>
    (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Sign-ins with the old password spread over the change; every answer is a 200, 401 or 403, never a 500. */
  async function race(member: Member, change: () => Promise<{ statusCode: number }>) {
    const signIns = Array.from({ length: SIGN_INS }, async (_, i) => {
      await sleep(i * SPREAD_MS);
      const res = await t.call('POST', '/api/auth/sign-in', { body: { email: member.email, password: member.password } });
      expect([200, 401, 403]).toContain(res.statusCode);
    });
    const [changed] = await Promise.all([sleep(SPREAD_MS * 2).then(change), ...signIns]);
    expect(changed.statusCode).toBeLessThan(300);
  }

  it(
    `a password reset: 0 sessions survive, ${ROUNDS} rounds`,
    async () => {
      const survivors: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const member = await t.createMember('user', `Reset ${round}`);
        const { token } = newSignupToken();
        await t.db.insert(passwordResetTokens).values({
          userId: member.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + 60_000),
        });
        await race(member, () =>
          t.call('POST', '/api/auth/password-reset', { body: { token, newPassword: 'a-new-password-9' } }),
        );
        survivors.push(await sessionsOf(member.id));
      }
      expect(survivors.filter((n) => n > 0)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    `a password change: only the changing session survives, ${ROUNDS} rounds`,
    async () => {
      const survivors: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const member = await t.createMember('user', `Change ${round}`);
        await race(member, () =>
          t.call('POST', '/api/auth/password', {
            cookie: member.cookie,
            body: { currentPassword: member.password, newPassword: 'a-new-password-9' },
          }),
        );
        survivors.push(await sessionsOf(member.id));
      }
      expect(survivors.filter((n) => n !== 1)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    `a suspension: 0 sessions survive, ${ROUNDS} rounds`,
    async () => {
      const survivors: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const member = await t.createMember('user', `Suspend ${round}`);
        await race(member, () =>
          t.call('POST', '/api/admin/moderation', {
            cookie: adminCookie,
            body: { action: 'suspend', target: 'member', targetId: member.id, until: null, reason: 'spam' },
          }),
        );
        survivors.push(await sessionsOf(member.id));
      }
      expect(survivors.filter((n) => n > 0)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    `an account deletion: 0 sessions and no 500, ${ROUNDS} rounds`,
    async () => {
      const survivors: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const member = await t.createMember('user', `Delete ${round}`);
        await race(member, () => t.call('DELETE', '/api/account', { cookie: member.cookie }));
        survivors.push(await sessionsOf(member.id));
      }
      expect(survivors.filter((n) => n > 0)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  // The same orderings made certain: the ending has deleted the sessions and holds the row, not
  // yet committed, when the sign-in with the old password runs; it commits 1.5 s later.
  it.each([
    ['a suspension', async (tx: Executor, userId: string) => upsertSuspension(tx, { userId, until: null, createdBy: userId })],
    ['a password reset', async (tx: Executor, userId: string) => setPasswordHash(tx, userId, await hashPassword('another-1'))],
  ] as const)('a sign-in during %s in flight keeps no session', async (_label, change) => {
    const member = await t.createMember('user', 'In flight');
    let signIn: Promise<{ statusCode: number }> | undefined;
    await t.db.transaction(async (tx) => {
      await change(tx, member.id);
      await endSessionsOf(tx, member.id);
      signIn = t.call('POST', '/api/auth/sign-in', { body: { email: member.email, password: member.password } });
      await sleep(1500);
    });
    expect([401, 403]).toContain((await signIn!).statusCode);
    expect(await sessionsOf(member.id)).toBe(0);
  });
});
