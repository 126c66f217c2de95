/**
 * The "known device" cookie (ADR 107, OWASP's device cookies): set on a successful sign-in, it
 * names a random device nonce and the account it signed in to, signed with the app secret. A
 * sign-in that presents a valid one for the e-mail it tries counts against that device's own
 * budget; every other sign-in shares the account's stricter budget for unknown devices. So a
 * guesser elsewhere fills only the latter, and the owner's own browser still signs in.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The account a cookie is bound to: its e-mail as typed at sign-in, case and spaces aside. */
const accountOf = (email: string) => email.trim().toLowerCase();

export function knownDevice(opts: { secret: string; publicUrl: string }) {
  const isHttps = opts.publicUrl.startsWith('https:');
  // Lax like the session cookie; HttpOnly: no script ever needs it. Under https the __Host- prefix.
  const options = { httpOnly: true, sameSite: 'lax', path: '/', secure: isHttps, maxAge: YEAR_SECONDS } as const;
  const name = isHttps ? '__Host-waymark.device' : 'waymark.device';

  const sign = (email: string, nonce: string) =>
    createHmac('sha256', opts.secret)
      .update(`waymark.device|${accountOf(email)}|${nonce}`)
      .digest('base64url');

  /** A new cookie value for a browser that just signed in to `email`. */
  function issue(email: string): string {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${sign(email, nonce)}`;
  }

  /** The device nonce when `value` is a valid cookie of this account; null otherwise (absent, forged, another account's). */
  function deviceOf(value: string | undefined, email: string): string | null {
    const [nonce, mac, ...rest] = (value ?? '').split('.');
    if (!nonce || !mac || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
    const expected = Buffer.from(sign(email, nonce));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  return { name, options, issue, deviceOf };
}

export type KnownDevice = ReturnType<typeof knownDevice>;
