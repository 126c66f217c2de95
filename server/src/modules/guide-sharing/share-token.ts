/**
 * A share link's token (ADR 068): the link row's random key (a UUID, 122 random bits) followed by
 * the first 128 bits of an HMAC-SHA256 of it under the session secret, in base64url (43 chars).
 * Nothing secret is stored: the owner can be shown the link again, a token is checked without a
 * database read, and a leaked table is no list of working links.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const KEY_BYTES = 16;
const MAC_BYTES = 16;
const PURPOSE = 'waymark guide share link v1\0';

const macOf = (secret: string, key: Buffer) =>
  createHmac('sha256', secret).update(PURPOSE).update(key).digest().subarray(0, MAC_BYTES);

const keyBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');

const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function tokenOf(secret: string, key: string): string {
  const bytes = keyBytes(key);
  return Buffer.concat([bytes, macOf(secret, bytes)]).toString('base64url');
}

/** The key a token carries, or null when the token was not made by this server (or was altered). */
export function keyOfToken(secret: string, token: string): string | null {
  const bytes = Buffer.from(token, 'base64url');
  // Only the canonical spelling: base64url decoding ignores stray bits and characters.
  if (bytes.length !== KEY_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null;
  const key = bytes.subarray(0, KEY_BYTES);
  return timingSafeEqual(bytes.subarray(KEY_BYTES), macOf(secret, key)) ? uuidOf(key) : null;
}
