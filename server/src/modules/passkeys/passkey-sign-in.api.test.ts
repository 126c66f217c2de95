/**
 * Issue 24, passkeys (ADR 077): signing in with a passkey, no e-mail and no password. The
 * challenge answers once and briefly; the signature must verify with the stored key for our RP ID
 * and origin; the counter moves forward; the session is new (the one held before ends).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_TEXTS } from '@common/schemas/passkey';
import { TEXTS } from '@common/texts';
import { passkeys, sessions, webauthnChallenges } from '@db/schema';
import {
  addPasskey,
  authenticator,
  passkeySignIn,
  registrationOptions,
  signInOptions,
  withCookies,
} from '@server-test/passkey-ceremonies';
import { type TestApp, createTestApp, sessionCookie } from '@server-test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const answer = (challenge: string | undefined, response: unknown, cookie?: string) =>
  t.call('POST', '/api/auth/passkey-sign-in', { cookie: withCookies(cookie, challenge), body: { response } });
const refused = (message: string) => ({ statusCode: 400, error: 'Bad Request', message, code: 'bad_request' });
const me = (cookie: string) => t.call('GET', '/api/auth/me', { cookie });

describe('POST /api/auth/passkey-sign-in', () => {
  it('options: user verification required, no allowCredentials (the authenticator offers its own), a sign-in challenge', async () => {
    const res = await t.call('POST', '/api/auth/passkey-sign-in/options');
    expect(res.statusCode).toBe(200);
    const options = res.json();
    expect(options).toMatchObject({ rpId: 'waymark.test', userVerification: 'required', challenge: expect.any(String) });
    expect(options.allowCredentials ?? []).toEqual([]);
    const [row] = await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge));
    expect(row?.userId).toBeNull();
  });

  it('signs the member in with a new session and answers as the password sign-in does; counter and last use recorded', async () => {
    const member = await t.createMember('user', 'Kim Key');
    const { credential, passkey } = await addPasskey(t, member.cookie);
    const { res } = await passkeySignIn(t, credential);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res);
    expect(cookie).not.toBe(member.cookie);
    expect(res.json()).toEqual((await me(member.cookie)).json());
    expect(res.json()).toMatchObject({ id: member.id, email: member.email, role: 'user', name: 'Kim Key' });
    expect((await me(cookie)).json().id).toBe(member.id);
    // The challenge cookie is cleared with the answer.
    expect(res.cookies.find((c) => c.name === 'waymark.passkey_challenge')?.value).toBe('');
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    const listed = (await t.call('GET', '/api/auth/passkeys', { cookie })).json().items[0];
    expect(listed.lastUsedAt).toBe(row!.lastUsedAt!.toISOString());
  });

  it('ends the session the browser held before (no fixation), whoever it belonged to', async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    const { credential } = await addPasskey(t, member.cookie);
    const before = await t.signIn(other.email, other.password);
    const { res } = await passkeySignIn(t, credential, undefined, before);
    expect(res.statusCode).toBe(200);
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(200);
    expect((await me(sessionCookie(res))).json().id).toBe(member.id);
  });

  it('refuses a replayed assertion: the same answer again, or sent again with a fresh challenge', async () => {
    const member = await t.createMember();
    const { credential } = await addPasskey(t, member.cookie);
    const { res, response, challenge } = await passkeySignIn(t, credential);
    expect(res.statusCode).toBe(200);
    expect((await answer(challenge, response)).json()).toEqual(refused(PASSKEY_TEXTS.challengeExpired));
    const fresh = await signInOptions(t);
    expect((await answer(fresh.challenge, response)).json()).toEqual(refused(PASSKEY_TEXTS.notVerified));
    const sessionsNow = await t.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(sessionsNow).toHaveLength(2);
  });

  it('two answers racing on one challenge: exactly one signs in', async () => {
    const member = await t.createMember();
    const { credential } = await addPasskey(t, member.cookie);
    const { options, challenge } = await signInOptions(t);
    const first = authenticator.assert(credential, options);
    const second = authenticator.assert(credential, options);
    const results = await Promise.all([answer(challenge, first), answer(challenge, second), answer(challenge, first)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('refuses no challenge, an expired one, a registration challenge, or an answer to another challenge', async () => {
    const member = await t.createMember();
    const { credential } = await addPasskey(t, member.cookie);
    const { options, challenge } = await signInOptions(t);
    expect((await answer(undefined, authenticator.assert(credential, options))).json()).toEqual(
      refused(PASSKEY_TEXTS.challengeExpired),
    );
    // That challenge is still there (no cookie named it); now it expires.
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(webauthnChallenges.challenge, options.challenge));
    expect((await answer(challenge, authenticator.assert(credential, options))).json()).toEqual(
      refused(PASSKEY_TEXTS.challengeExpired),
    );

    const registration = await registrationOptions(t, member.cookie);
    const withRegistration = await answer(
      registration.challenge,
      authenticator.assert(credential, { challenge: registration.options.challenge }),
    );
    expect(withRegistration.json()).toEqual(refused(PASSKEY_TEXTS.challengeExpired));

    const first = await signInOptions(t);
    const second = await signInOptions(t);
    expect((await answer(second.challenge, authenticator.assert(credential, first.options))).json()).toEqual(
      refused(PASSKEY_TEXTS.notVerified),
    );
  });

  it('refuses an unknown credential and a removed passkey, with a message that says so', async () => {
    const member = await t.createMember();
    const stranger = authenticator.register({ challenge: 'x', user: { id: 'y' } }).credential;
    const unknown = await passkeySignIn(t, stranger);
    expect(unknown.res.json()).toEqual(refused(PASSKEY_TEXTS.unknownPasskey));
    const { credential, passkey } = await addPasskey(t, member.cookie);
    expect((await t.call('DELETE', `/api/auth/passkeys/${passkey.id}`, { cookie: member.cookie })).statusCode).toBe(204);
    const removed = await passkeySignIn(t, credential);
    expect(removed.res.json()).toEqual(refused(PASSKEY_TEXTS.unknownPasskey));
    expect(removed.res.cookies.some((c) => c.name.endsWith('session_token') && c.value !== '')).toBe(false);
  });

  it("refuses another origin or RP ID, no user verification, a registration's client data, a forged signature, a foreign user handle", async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    const { credential } = await addPasskey(t, member.cookie);
    const forger = authenticator.register({ challenge: 'x', user: { id: credential.userHandle } }).credential;
    const forged = { ...forger, id: credential.id, counter: 50 };
    const cases: [string, Parameters<typeof passkeySignIn>[1], Parameters<typeof passkeySignIn>[2]][] = [
      ['another origin', credential, { origin: 'https://evil.example' }],
      ['another port', credential, { origin: 'http://waymark.test:3000' }],
      ['another RP ID', credential, { rpId: 'evil.example' }],
      ['no user verification', credential, { isUserVerified: false }],
      ['a registration client data', credential, { type: 'webauthn.create' }],
      ['a key not stored', forged, undefined],
      ['another member as user handle', credential, { userHandle: Buffer.from(other.id).toString('base64url') }],
    ];
    for (const [why, used, tweaks] of cases) {
      const { res } = await passkeySignIn(t, used, tweaks);
      expect(res.json(), why).toEqual(refused(PASSKEY_TEXTS.notVerified));
    }
    // A counter that does not move forward (a cloned authenticator) is refused too.
    expect((await passkeySignIn(t, credential)).res.statusCode).toBe(200);
    const { res } = await passkeySignIn(t, credential, { counter: 1 });
    expect(res.json()).toEqual(refused(PASSKEY_TEXTS.notVerified));
    // Without a user handle (it is optional in WebAuthn) the stored owner decides.
    expect((await passkeySignIn(t, credential, { userHandle: null })).res.json().id).toBe(member.id);
  });

  it('refuses malformed answers with a 400, never a 500', async () => {
    const { challenge } = await signInOptions(t);
    for (const response of [undefined, {}, { id: '!', rawId: '!', type: 'public-key', response: {} }, 'text']) {
      const res = await answer(challenge, response);
      expect(res.statusCode).toBe(400);
    }
  });

  it('a pending account signs in as with its password: to the waiting screen', async () => {
    const pending = await t.createMember('pending');
    const member = await t.createMember();
    const { credential } = await addPasskey(t, member.cookie);
    await t.db
      .update(passkeys)
      .set({ userId: pending.id })
      .where(eq(passkeys.credentialId, credential.id.toString('base64url')));
    credential.userHandle = Buffer.from(pending.id).toString('base64url');
    const { res } = await passkeySignIn(t, credential);
    expect(res.json()).toMatchObject({ id: pending.id, role: 'pending' });
  });
});

describe('passkey sign-in rate limit', () => {
  it('per IP, on the options and the answer: 429 with the shared text', async () => {
    const limited = await createTestApp({ rateLimits: { signIn: 2 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await limited.call('POST', '/api/auth/passkey-sign-in/options')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const answers = [];
      for (let i = 0; i < 3; i += 1)
        answers.push(await limited.call('POST', '/api/auth/passkey-sign-in', { body: { response: {} } }));
      expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 429]);
      expect(answers[2]!.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: TEXTS.tooManyRequests,
        code: 'rate_limited',
      });
      // Another IP is not affected.
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/passkey-sign-in/options',
        headers: { 'x-waymark-csrf': '1' },
        remoteAddress: '10.0.0.9',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
