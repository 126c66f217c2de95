/** Shared steps of the passkey API tests: the ceremonies as a browser runs them, with its cookies. */
import type { LightMyRequestResponse } from 'fastify';
import { PUBLIC_URL, type TestApp } from './test-app';
import { type CeremonyTweaks, type SoftCredential, createSoftAuthenticator } from './soft-authenticator';

export const authenticator = createSoftAuthenticator({ origin: PUBLIC_URL, rpId: new URL(PUBLIC_URL).hostname });

/** The `name=value` of the challenge cookie an options answer set. */
export function challengeCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name.endsWith('passkey_challenge') && c.value !== '');
  if (!cookie) throw new Error(`no challenge cookie (${res.statusCode} ${res.body})`);
  return `${cookie.name}=${cookie.value}`;
}

export const withCookies = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ') || undefined;

/** Every test member's password (TestApp.createMember). */
export const MEMBER_PASSWORD = 'member-password-1';

/** Registration options for the member (password confirmed), with the challenge cookie to answer them. */
export async function registrationOptions(t: TestApp, sessionCookie: string, currentPassword = MEMBER_PASSWORD) {
  const res = await t.call('POST', '/api/auth/passkeys/registration-options', {
    cookie: sessionCookie,
    body: { currentPassword },
  });
  if (res.statusCode !== 200) throw new Error(`registration options: ${res.statusCode} ${res.body}`);
  return { options: res.json(), challenge: challengeCookieOf(res) };
}

/** Adds a passkey to the member's account; returns the authenticator's credential and the listed passkey. */
export async function addPasskey(t: TestApp, sessionCookie: string, name?: string, tweaks?: CeremonyTweaks) {
  const { options, challenge } = await registrationOptions(t, sessionCookie);
  const { credential, response } = authenticator.register(options, tweaks);
  const res = await t.call('POST', '/api/auth/passkeys', {
    cookie: withCookies(sessionCookie, challenge),
    body: { response, name },
  });
  if (res.statusCode !== 201) throw new Error(`add passkey: ${res.statusCode} ${res.body}`);
  return { credential, passkey: res.json<{ id: string; name: string }>() };
}

export async function signInOptions(t: TestApp, cookie?: string) {
  const res = await t.call('POST', '/api/auth/passkey-sign-in/options', { cookie });
  if (res.statusCode !== 200) throw new Error(`sign-in options: ${res.statusCode} ${res.body}`);
  return { options: res.json(), challenge: challengeCookieOf(res) };
}

/** A whole passkey sign-in with `credential`; `cookie` is what the browser held before. */
export async function passkeySignIn(t: TestApp, credential: SoftCredential, tweaks?: CeremonyTweaks, cookie?: string) {
  const { options, challenge } = await signInOptions(t, cookie);
  const response = authenticator.assert(credential, options, tweaks);
  const res = await t.call('POST', '/api/auth/passkey-sign-in', { cookie: withCookies(cookie, challenge), body: { response } });
  return { res, response, challenge };
}
