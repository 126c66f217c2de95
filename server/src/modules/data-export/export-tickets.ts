/**
 * A download ticket (ADR 080): POST /api/account/export checks the limits and answers a URL the
 * browser then opens as a plain download, so a refusal is JSON the profile can show, and the zip
 * streams straight to disk. The ticket is bytes: user id (16), expiry in seconds (4), a random
 * nonce (16), then the first 128 bits of an HMAC-SHA256 of them under the session secret, in
 * base64url. It is checked without a database read, names its member (another member's session
 * cannot use it), expires after a minute and opens one download: on every instance while Redis
 * answers, on each instance while it does not (export-ticket-nonces.ts, ADR 118).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { UsedNonces } from './export-ticket-nonces';

const USER_BYTES = 16;
const EXPIRY_BYTES = 4;
const NONCE_BYTES = 16;
const MAC_BYTES = 16;
const BODY_BYTES = USER_BYTES + EXPIRY_BYTES + NONCE_BYTES;
const PURPOSE = 'waymark data export ticket v1\0';
export const TICKET_TTL_SECONDS = 60;

const macOf = (secret: string, body: Buffer) =>
  createHmac('sha256', secret).update(PURPOSE).update(body).digest().subarray(0, MAC_BYTES);

const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export function createExportTickets(secret: string, used: UsedNonces, now: () => number = Date.now) {
  function issue(userId: string): string {
    const expiry = Buffer.alloc(EXPIRY_BYTES);
    expiry.writeUInt32BE(Math.floor(now() / 1000) + TICKET_TTL_SECONDS);
    const body = Buffer.concat([Buffer.from(userId.replace(/-/g, ''), 'hex'), expiry, randomBytes(NONCE_BYTES)]);
    return Buffer.concat([body, macOf(secret, body)]).toString('base64url');
  }

  /** True once for a ticket this server issued to `userId` that has not expired; false for anything else. */
  async function redeem(userId: string, ticket: string): Promise<boolean> {
    const bytes = Buffer.from(ticket, 'base64url');
    // Only the canonical spelling: base64url decoding ignores stray bits and characters.
    if (bytes.length !== BODY_BYTES + MAC_BYTES || bytes.toString('base64url') !== ticket) return false;
    const body = bytes.subarray(0, BODY_BYTES);
    if (!timingSafeEqual(bytes.subarray(BODY_BYTES), macOf(secret, body))) return false;
    if (uuidOf(body.subarray(0, USER_BYTES).toString('hex')) !== userId) return false;
    const expiresAt = body.readUInt32BE(USER_BYTES) * 1000;
    const nowMs = now();
    if (expiresAt <= nowMs) return false;
    return used.claim(body.subarray(USER_BYTES + EXPIRY_BYTES).toString('hex'), expiresAt, nowMs);
  }

  return { issue, redeem };
}

export type ExportTickets = ReturnType<typeof createExportTickets>;
