/**
 * docs/product.md#forms-and-validation: a maps link, if given, must be https on one of the maps service's hosts: the maps
 * subdomain, the www maps path, the goo.gl/maps short link or the maps.app short link.
 * Issue 22 reads Apple Maps and OpenStreetMap links too (ADR 058), so their hosts are accepted
 * beside Google's. Parsed, not prefix-matched, so maps.google.com.evil.example does not pass.
 */
const GOOGLE_HOST = /^(maps|www)\.google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;
const APPLE_HOSTS = new Set(['maps.apple.com']);
const OPENSTREETMAP_HOSTS = new Set(['www.openstreetmap.org', 'openstreetmap.org', 'osm.org']);

/** Short links name a place only through a redirect, which Waymark never follows (docs/product.md#nothing-leaves-the-origin). */
export type MapsProvider = 'google' | 'googleShortLink' | 'apple' | 'openstreetmap';

export interface MapsLink {
  provider: MapsProvider;
  url: URL;
}

function providerOf(url: URL): MapsProvider | null {
  const host = url.hostname.toLowerCase();
  if (APPLE_HOSTS.has(host)) return 'apple';
  if (OPENSTREETMAP_HOSTS.has(host)) return 'openstreetmap';
  if (host === 'maps.app.goo.gl') return 'googleShortLink';
  if (host === 'goo.gl') return url.pathname.startsWith('/maps/') ? 'googleShortLink' : null;
  const match = GOOGLE_HOST.exec(host);
  if (!match) return null;
  const isMapsPath = url.pathname === '/maps' || url.pathname.startsWith('/maps/');
  return match[1] === 'maps' || isMapsPath ? 'google' : null;
}

/** The link parsed, with its provider, when it is an https maps link (no user info, no port). */
export function parseMapsLink(value: string): MapsLink | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const provider = providerOf(url);
  return provider ? { provider, url } : null;
}

/**
 * The link as the browser will resolve it when it is an https maps link, else null. The
 * client renders this href, so what was checked is what is opened.
 */
export function mapsHref(value: string): string | null {
  return parseMapsLink(value)?.url.href ?? null;
}

export function isMapsUrl(value: string): boolean {
  return mapsHref(value) !== null;
}
