/** Two-factor in tests: turn it on for a member and make codes as their authenticator app would. */
import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './test-app';

/** The code of `secret` for the 30 s step `stepsAhead` steps from now (negative: earlier). */
export function totpCode(secret: string, stepsAhead = 0, now = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: now + stepsAhead * 30_000,
  });
}

/** Sets up and turns on two-factor for the signed-in member; its secret and recovery codes. */
export async function enableTwoFactor(t: TestApp, member: { cookie: string; password: string }) {
  const setup = await t.call('POST', '/api/auth/two-factor/setup', {
    cookie: member.cookie,
    body: { password: member.password },
  });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await t.call('POST', '/api/auth/two-factor/enable', {
    cookie: member.cookie,
    body: { code: totpCode(secret) },
  });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The `name=value` pair of the sign-in challenge cookie a response set. */
export function challengeCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name.endsWith('sign_in_challenge') && c.value !== '');
  if (!cookie) throw new Error('no challenge cookie in response');
  return `${cookie.name}=${cookie.value}`;
}

/** Signs in with the password: the challenge cookie of the code step. */
export async function startTwoFactorSignIn(
  t: TestApp,
  member: { email: string; password: string },
  headers?: Record<string, string>,
) {
  const res = await t.call('POST', '/api/auth/sign-in', { body: { email: member.email, password: member.password }, headers });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return challengeCookieOf(res);
}
