/**
 * Issue 24, passkeys (ADR 077): a member adds, lists, renames and removes their own passkeys;
 * each registration answer is verified against its single-use challenge, RP ID and origin.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_LIMITS, PASSKEY_TEXTS } from '@common/schemas/passkey';
import { TEXTS } from '@common/texts';
import { passkeys, webauthnChallenges } from '@db/schema';
import { addPasskey, authenticator, registrationOptions, signInOptions, withCookies } from '@server-test/passkey-ceremonies';
import { type TestApp, createTestApp } from '@server-test/test-app';
import { hashToken } from '../invitations/signup-token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const add = (cookie: string, challenge: string | undefined, body: unknown) =>
  t.call('POST', '/api/auth/passkeys', { cookie: withCookies(cookie, challenge), body });
const list = async (cookie: string) =>
  (await t.call('GET', '/api/auth/passkeys', { cookie })).json<{ items: { id: string; name: string }[] }>().items;
/** The error body; the code is the status's unless the refusal names its own (and its field). */
const refusal = (status: 400 | 404 | 409, message: string, named?: { code: string; field: string }) => ({
  statusCode: status,
  error: { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' }[status],
  message,
  code: { 400: 'bad_request', 404: 'not_found', 409: 'conflict' }[status],
  ...named,
});

describe('adding a passkey', () => {
  it('options ask for a discoverable, user-verified credential for our RP; the challenge is kept hashed, its id in an HttpOnly cookie', async () => {
    const member = await t.createMember('user', 'Pia Passkey');
    const res = await t.call('POST', '/api/auth/passkeys/registration-options', {
      cookie: member.cookie,
      body: { currentPassword: member.password },
    });
    expect(res.statusCode).toBe(200);
    const options = res.json();
    expect(options.rp).toEqual({ name: 'Waymark', id: 'waymark.test' });
    expect(options.user.name).toBe(member.email);
    expect(options.user.displayName).toBe('Pia Passkey');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials).toEqual([]);
    const cookie = res.cookies.find((c) => c.name === 'waymark.passkey_challenge')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 300 });
    const [row] = await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, member.id));
    expect(row).toMatchObject({ idHash: hashToken(cookie.value), challenge: options.challenge });
    expect(await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.idHash, cookie.value))).toHaveLength(0);
  });

  it('asks for the current password first: a wrong or missing one is refused on its field, no challenge kept', async () => {
    const member = await t.createMember();
    const wrong = await t.call('POST', '/api/auth/passkeys/registration-options', {
      cookie: member.cookie,
      body: { currentPassword: 'not-the-password' },
    });
    expect(wrong.json()).toEqual(
      refusal(400, TEXTS.currentPasswordWrong, { code: 'current_password_wrong', field: 'currentPassword' }),
    );
    const missing = await t.call('POST', '/api/auth/passkeys/registration-options', {
      cookie: member.cookie,
      body: { currentPassword: '' },
    });
    expect(missing.json()).toEqual(
      refusal(400, TEXTS.currentPasswordRequired, { code: 'invalid_field', field: 'currentPassword' }),
    );
    expect(wrong.cookies.some((c) => c.name.endsWith('passkey_challenge'))).toBe(false);
    expect(await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, member.id))).toHaveLength(0);
  });

  it('stores a verified passkey with a default name, lists it, and excludes it from the next options', async () => {
    const member = await t.createMember();
    const { credential, passkey } = await addPasskey(t, member.cookie);
    expect(passkey).toEqual({
      id: expect.any(String),
      name: expect.stringMatching(/^Passkey \(\d{1,2} [A-Z][a-z]{2} \d{4}\)$/),
      createdAt: expect.any(String),
      lastUsedAt: null,
      isBackedUp: false,
    });
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, member.id));
    expect(row).toMatchObject({
      credentialId: credential.id.toString('base64url'),
      counter: 0,
      transports: 'internal',
      deviceType: 'singleDevice',
    });
    expect(await list(member.cookie)).toEqual([passkey]);
    const { options } = await registrationOptions(t, member.cookie);
    expect(options.excludeCredentials).toEqual([
      { id: credential.id.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
    // Used once: the cookie's challenge is gone.
    expect(await t.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, member.id))).toHaveLength(1);
  });

  it('takes the name given, trimmed; refuses an empty, too long or multi-line one on the field', async () => {
    const member = await t.createMember();
    expect((await addPasskey(t, member.cookie, '  Work laptop  ')).passkey.name).toBe('Work laptop');
    for (const [name, message] of [
      ['   ', PASSKEY_TEXTS.nameRequired],
      ['x'.repeat(61), PASSKEY_TEXTS.nameTooLong],
      ['two\nlines', TEXTS.notSingleLine],
    ]) {
      const { options, challenge } = await registrationOptions(t, member.cookie);
      const res = await add(member.cookie, challenge, { response: authenticator.register(options).response, name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("refuses an answer without its challenge, a replayed one, one for another challenge, another member's or a sign-in's challenge", async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    const { options, challenge } = await registrationOptions(t, member.cookie);
    const { response } = authenticator.register(options);
    const noCookie = await add(member.cookie, undefined, { response });
    expect(noCookie.json()).toEqual(refusal(400, PASSKEY_TEXTS.challengeExpired));
    expect((await add(member.cookie, challenge, { response })).statusCode).toBe(201);
    const replayed = await add(member.cookie, challenge, { response });
    expect(replayed.json()).toEqual(refusal(400, PASSKEY_TEXTS.challengeExpired));

    // A fresh challenge, answered for a different one.
    const fresh = await registrationOptions(t, member.cookie);
    const wrong = await add(member.cookie, fresh.challenge, { response: authenticator.register(options).response });
    expect(wrong.json()).toEqual(refusal(400, PASSKEY_TEXTS.notVerified));

    // Another member's challenge cookie, and a sign-in's: neither is this member's registration.
    const theirs = await registrationOptions(t, other.cookie);
    const withTheirs = await add(member.cookie, theirs.challenge, { response: authenticator.register(theirs.options).response });
    expect(withTheirs.json()).toEqual(refusal(400, PASSKEY_TEXTS.challengeExpired));
    const signIn = await signInOptions(t);
    const withSignIn = await add(member.cookie, signIn.challenge, {
      response: authenticator.register({ ...signIn.options, user: { id: 'x' } }).response,
    });
    expect(withSignIn.json()).toEqual(refusal(400, PASSKEY_TEXTS.challengeExpired));
    expect(await list(member.cookie)).toHaveLength(1);
    expect(await list(other.cookie)).toHaveLength(0);
  });

  it("refuses an expired challenge, another origin or RP ID, no user verification, a sign-in's client data, forged bytes", async () => {
    const member = await t.createMember();
    const cases = [
      { origin: 'https://evil.example' },
      { origin: 'http://waymark.test:8080' },
      { rpId: 'evil.example' },
      { isUserVerified: false },
      { type: 'webauthn.get' },
    ];
    for (const tweaks of cases) {
      const { options, challenge } = await registrationOptions(t, member.cookie);
      const res = await add(member.cookie, challenge, { response: authenticator.register(options, tweaks).response });
      expect(res.json(), JSON.stringify(tweaks)).toEqual(refusal(400, PASSKEY_TEXTS.notVerified));
    }
    const { options, challenge } = await registrationOptions(t, member.cookie);
    const { response } = authenticator.register(options);
    const garbled = {
      ...response,
      response: { ...response.response, attestationObject: Buffer.from('not cbor at all').toString('base64url') },
    };
    expect((await add(member.cookie, challenge, { response: garbled })).json()).toEqual(refusal(400, PASSKEY_TEXTS.notVerified));

    const late = await registrationOptions(t, member.cookie);
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.userId, member.id));
    const expired = await add(member.cookie, late.challenge, { response: authenticator.register(late.options).response });
    expect(expired.json()).toEqual(refusal(400, PASSKEY_TEXTS.challengeExpired));
    expect(await list(member.cookie)).toHaveLength(0);
  });

  it('refuses malformed bodies with a 400 naming the field or saying it could not be verified, never a 500', async () => {
    const member = await t.createMember();
    const { challenge } = await registrationOptions(t, member.cookie);
    for (const body of [
      {},
      { response: {} },
      { response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!', attestationObject: 'x' } } },
    ]) {
      const res = await add(member.cookie, challenge, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        new RegExp(`^response(\\.[a-zA-Z]+)* is missing or not valid$|^${PASSKEY_TEXTS.notVerified}$`),
      );
    }
  });

  it('refuses a credential already registered (409) and a 21st passkey (400)', async () => {
    const member = await t.createMember();
    const other = await t.createMember();
    const { credential } = await addPasskey(t, member.cookie);
    const { options, challenge } = await registrationOptions(t, other.cookie);
    const again = await add(other.cookie, challenge, {
      response: authenticator.register(options, { reuseId: credential.id }).response,
    });
    expect(again.json()).toEqual(refusal(409, PASSKEY_TEXTS.alreadyRegistered));

    const full = await t.createMember();
    await t.db.insert(passkeys).values(
      Array.from({ length: PASSKEY_LIMITS.perMember }, (_, i) => ({
        userId: full.id,
        name: `Key ${i}`,
        credentialId: `full-${full.id}-${i}`,
        publicKey: 'x',
        deviceType: 'singleDevice',
      })),
    );
    const res = await t.call('POST', '/api/auth/passkeys/registration-options', {
      cookie: full.cookie,
      body: { currentPassword: full.password },
    });
    expect(res.json()).toEqual(refusal(400, PASSKEY_TEXTS.tooMany));
  });
});

describe('listing, renaming and removing', () => {
  it("the owner renames and removes; another member's passkey is 404 like an unknown one, and stays", async () => {
    const owner = await t.createMember();
    const other = await t.createMember();
    const { passkey } = await addPasskey(t, owner.cookie, 'Phone');
    const url = `/api/auth/passkeys/${passkey.id}`;

    const renamed = await t.call('PATCH', url, { cookie: owner.cookie, body: { name: ' Pixel 9 ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Pixel 9' });
    const badName = await t.call('PATCH', url, { cookie: owner.cookie, body: { name: '' } });
    expect(badName.json()).toEqual(refusal(400, PASSKEY_TEXTS.nameRequired, { code: 'invalid_field', field: 'name' }));

    for (const target of [url, '/api/auth/passkeys/00000000-0000-4000-8000-000000000000']) {
      const rename = await t.call('PATCH', target, { cookie: other.cookie, body: { name: 'Mine now' } });
      expect(rename.json()).toEqual(refusal(404, PASSKEY_TEXTS.notFound));
      const remove = await t.call('DELETE', target, { cookie: other.cookie });
      expect(remove.json()).toEqual(refusal(404, PASSKEY_TEXTS.notFound));
    }
    expect(await list(other.cookie)).toEqual([]);
    expect((await list(owner.cookie)).map((p) => p.name)).toEqual(['Pixel 9']);
    expect((await t.call('DELETE', '/api/auth/passkeys/not-a-uuid', { cookie: owner.cookie })).statusCode).toBe(400);

    expect((await t.call('DELETE', url, { cookie: owner.cookie })).statusCode).toBe(204);
    expect(await list(owner.cookie)).toEqual([]);
    expect((await t.call('DELETE', url, { cookie: owner.cookie })).statusCode).toBe(404);
  });

  it("lists only the caller's own, oldest first, without keys or credential ids", async () => {
    const member = await t.createMember();
    const first = await addPasskey(t, member.cookie, 'First');
    await addPasskey(t, member.cookie, 'Second');
    await addPasskey(t, (await t.createMember()).cookie, 'Not theirs');
    const res = await t.call('GET', '/api/auth/passkeys', { cookie: member.cookie });
    expect(res.json().items.map((p: { name: string }) => p.name)).toEqual(['First', 'Second']);
    expect(res.body).not.toContain(first.credential.id.toString('base64url'));
    expect(Object.keys(res.json().items[0]).sort()).toEqual(['createdAt', 'id', 'isBackedUp', 'lastUsedAt', 'name']);
  });

  it('signed out: 401 on every member route; a pending account: 403', async () => {
    const pending = await t.createMember('pending');
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      ['POST', '/api/auth/passkeys/registration-options', { currentPassword: 'x' }],
      ['POST', '/api/auth/passkeys', { response: {} }],
      ['GET', '/api/auth/passkeys', undefined],
      ['PATCH', `/api/auth/passkeys/${id}`, { name: 'x' }],
      ['DELETE', `/api/auth/passkeys/${id}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const anonymous = await t.call(method, url, { body });
      expect(anonymous.json(), `${method} ${url}`).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: TEXTS.signInRequired,
        code: 'unauthorized',
      });
      expect((await t.call(method, url, { body, cookie: pending.cookie })).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
