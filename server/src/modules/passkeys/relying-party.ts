/**
 * Who Waymark is to an authenticator (ADR 077): the RP ID is PUBLIC_URL's host name and the only
 * origin accepted is PUBLIC_URL's origin, so a passkey made for another site (or a page on another
 * origin asking for ours) never verifies here.
 */
import { PRODUCT_NAME } from '@common/texts';

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: PRODUCT_NAME, origin: url.origin };
}

/** How long the browser's prompt may stay open, and how long its challenge is kept for the answer. */
export const CEREMONY_TIMEOUT_MS = 2 * 60_000;
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** The short-lived HttpOnly cookie holding the random id of the challenge awaiting its answer. */
export function challengeCookie(publicUrl: string) {
  const isHttps = publicUrl.startsWith('https:');
  return {
    name: isHttps ? '__Host-waymark.passkey_challenge' : 'waymark.passkey_challenge',
    options: {
      httpOnly: true,
      secure: isHttps,
      sameSite: 'strict' as const,
      path: '/',
      maxAge: CHALLENGE_LIFETIME_MS / 1000,
    },
  };
}
