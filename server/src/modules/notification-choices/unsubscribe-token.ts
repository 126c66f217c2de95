/**
 * The signed one-click unsubscribe link (ADR 090): `<userId>.<scope>.<mac>`, scope a kind or
 * `all`, mac = HMAC-SHA256 of both under the session secret. No expiry: a link in an old e-mail
 * must still work, and all it can ever do is turn e-mails off.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@common/schemas/notification-preferences';

export type UnsubscribeScope = NotificationKind | 'all';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, userId: string, scope: string) =>
  createHmac('sha256', secret).update(`waymark-unsubscribe:${userId}:${scope}`).digest('base64url');

export function signUnsubscribe(secret: string, userId: string, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${mac(secret, userId, scope)}`;
}

/** The member and scope a token names, or null when it is not one this server signed. */
export function verifyUnsubscribe(secret: string, token: string): { userId: string; scope: UnsubscribeScope } | null {
  const [userId, scope, given, ...rest] = token.split('.');
  if (!userId || !scope || !given || rest.length > 0 || !UUID.test(userId)) return null;
  if (scope !== 'all' && !(NOTIFICATION_KINDS as readonly string[]).includes(scope)) return null;
  const expected = Buffer.from(mac(secret, userId, scope));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}

export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
export const unsubscribePostUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
