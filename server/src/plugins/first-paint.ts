/**
 * What a member page's HTML carries for its first paint besides preloads (common/first-paint.ts):
 * the API responses it would request first, and a preload of the photo it paints largest, so the
 * photo downloads while the JavaScript does instead of after it.
 */
import { FIRST_PAINT_ID } from '@common/first-paint';
import { GUIDE_COVER_SIZES, type ImagePreload, PAGE_PHOTO_SIZES, photoPreload, thumbnailUrl } from '@common/media-url';
import { EXPLORE_FIRST_PAGE } from './route-preloads';

const cover = (url: string | undefined, sizes: string) => (url ? photoPreload(url, sizes) : undefined);

/**
 * The largest photo of the page whose first API response this is: explore's first card (its
 * thumbnail, as content-card.tsx shows it), a tip's or a guide's cover (as photo-gallery.tsx does).
 */
export function largestPhoto(apiUrl: string, body: unknown): ImagePreload | undefined {
  if (apiUrl === EXPLORE_FIRST_PAGE) {
    const first = (body as { items?: { photoUrl?: string | null }[] }).items?.[0];
    return first?.photoUrl ? { href: thumbnailUrl(first.photoUrl) } : undefined;
  }
  const photos = (body as { photoUrls?: string[] } | null)?.photoUrls;
  if (apiUrl.startsWith('/api/tips/')) return cover(photos?.[0], PAGE_PHOTO_SIZES);
  if (apiUrl.startsWith('/api/guides/')) return cover(photos?.[0], GUIDE_COVER_SIZES);
  return undefined;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function imagePreloadLink({ href, srcset, sizes }: ImagePreload): string {
  const responsive = srcset && sizes ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(href)}"${responsive} fetchpriority="high" />`;
}

/** The responses as JSON in a script element; `<` is escaped so no value can end the element early. */
export function firstPaintScript(responses: Record<string, unknown>): string {
  const json = JSON.stringify(responses).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_PAINT_ID}">${json}</script>`;
}

/**
 * What goes into the head for these responses (by API URL): their largest photos' preloads, put
 * first in the head so they are not queued behind the page's scripts, and the responses.
 */
export function firstPaintHead(responses: Record<string, unknown>): { photos: string; script: string } {
  const urls = Object.keys(responses);
  if (urls.length === 0) return { photos: '', script: '' };
  const photos = urls.flatMap((url) => largestPhoto(url, responses[url]) ?? []);
  return { photos: photos.map(imagePreloadLink).join(''), script: firstPaintScript(responses) };
}
