/**
 * The system messages a member dismissed in this browser session (docs/product.md#screens: "per user for the
 * current browser session"). They live in a session cookie, not in the tab's storage, so that
 * the server leaves them out of the page it draws: banners are part of the first paint and
 * nothing moves under a finger when the scripts take the page over (issue 36, ADR 110).
 * Not HttpOnly: the client writes it. No Max-Age: the browser drops it when its session ends.
 */
export const DISMISSED_MESSAGES_COOKIE = 'waymark-dismissed-messages';

/** A cookie stays small: the oldest dismissals go first (long past messages are inactive anyway). */
export const MAX_DISMISSED_MESSAGES = 40;

const ID = /^[0-9a-zA-Z-]{1,64}$/;

/** `<userId>.<id>.<id>`: ids are UUIDs, and a cookie value may hold neither commas nor spaces. */
export function serializeDismissed(userId: string, ids: readonly string[]): string {
  return [userId, ...ids.slice(-MAX_DISMISSED_MESSAGES)].join('.');
}

/** The ids this user dismissed, from the cookie's value; another user's dismissals count for nothing. */
export function parseDismissed(value: string | undefined, userId: string): string[] {
  if (!value) return [];
  const [owner, ...ids] = value.split('.');
  if (owner !== userId) return [];
  return ids.filter((id) => ID.test(id)).slice(-MAX_DISMISSED_MESSAGES);
}

/** The cookie's value in a Cookie header (the browser's `document.cookie` reads the same way). */
export function dismissedCookieValue(cookieHeader: string | undefined): string | undefined {
  const match = cookieHeader ? new RegExp(`(?:^|;)\\s*${DISMISSED_MESSAGES_COOKIE}=([^;]*)`).exec(cookieHeader) : null;
  return match?.[1]?.trim() || undefined;
}
