import { createHash, randomBytes } from 'node:crypto';

/** How long a signup link works (docs/product.md#invitations-and-signing-up). Resend issues a fresh one. */
export const SIGNUP_TOKEN_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** Only the hash is stored, so a database leak does not leak working links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSignupToken(now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now + SIGNUP_TOKEN_LIFETIME_MS) };
}
