/**
 * The sign-in challenge's cookie (ADR 075): HttpOnly, SameSite=Strict, 5 minutes; under https the
 * __Host- prefix, as the session cookie (better-auth.ts), so no other host or path can plant one.
 */
import { CHALLENGE_SECONDS } from './sign-in-challenge.service';

export function challengeCookie(publicUrl: string) {
  const isHttps = publicUrl.startsWith('https:');
  const options = { httpOnly: true, sameSite: 'strict', path: '/', secure: isHttps } as const;
  return {
    name: isHttps ? '__Host-waymark.sign_in_challenge' : 'waymark.sign_in_challenge',
    set: { ...options, maxAge: CHALLENGE_SECONDS },
    clear: { ...options, maxAge: 0 },
  };
}

export type ChallengeCookie = ReturnType<typeof challengeCookie>;
