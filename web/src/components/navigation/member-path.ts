/**
 * The shareable URL of a member's pages (ADR 046): /members/:username, with /connections and
 * /tips below it. A member without a username (none should be left, ADR 026) gets their id in
 * its place; that page moves to the username URL once it knows it. Here, not in lib/: all of
 * lib/ goes into the sign-in page's app-core chunk (vite.config.ts), and only member screens need it.
 */
type MemberRef = { username?: string | null; userId?: string; id?: string };

export type MemberPage = 'profile' | 'connections' | 'tips';

export function memberPath(member: MemberRef, page: MemberPage = 'profile', search?: Record<string, string>): string {
  const handle = member.username || member.userId || member.id || '';
  const base = `/members/${encodeURIComponent(handle)}${page === 'profile' ? '' : `/${page}`}`;
  const query = new URLSearchParams(search).toString();
  return query ? `${base}?${query}` : base;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user id in place of a username (usernames have at most 30 characters, an id 36). */
export const isUserIdHandle = (handle: string) => UUID.test(handle);

/** Whether a /members/ URL names the viewer themselves (their username in any case, or their id). */
export function isOwnHandle(me: { id: string; username: string | null }, handle: string): boolean {
  return handle === me.id || Boolean(me.username && me.username.toLowerCase() === handle.toLowerCase());
}
