/**
 * SPEC 5: a maps link, if given, must be https on one of the maps service's hosts: the maps
 * subdomain, the www maps path, the goo.gl/maps short link or the maps.app short link.
 * Parsed, not prefix-matched, so maps.google.com.evil.example does not pass.
 */
const GOOGLE_HOST = /^(maps|www)\.google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/**
 * The link as the browser will resolve it when it is an https maps link (no user info, no
 * port), else null. The client renders this href, so what was checked is what is opened.
 */
export function mapsHref(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  if (host === 'maps.app.goo.gl') return url.href;
  if (host === 'goo.gl') return url.pathname.startsWith('/maps/') ? url.href : null;
  const match = GOOGLE_HOST.exec(host);
  if (!match) return null;
  return match[1] === 'maps' || url.pathname === '/maps' || url.pathname.startsWith('/maps/') ? url.href : null;
}

export function isMapsUrl(value: string): boolean {
  return mapsHref(value) !== null;
}
