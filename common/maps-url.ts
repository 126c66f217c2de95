/**
 * SPEC 5: a maps link, if given, must be https on one of the maps service's hosts: the maps
 * subdomain, the www maps path, the goo.gl/maps short link or the maps.app short link.
 * Parsed, not prefix-matched, so maps.google.com.evil.example does not pass.
 */
const GOOGLE_HOST = /^(maps|www)\.google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

export function isMapsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  if (host === 'maps.app.goo.gl') return true;
  if (host === 'goo.gl') return url.pathname.startsWith('/maps/');
  const match = GOOGLE_HOST.exec(host);
  if (!match) return false;
  return match[1] === 'maps' || url.pathname === '/maps' || url.pathname.startsWith('/maps/');
}
