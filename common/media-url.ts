/**
 * Photo thumbnails (issue 7): every tip and guide photo is stored with a smaller copy next to it,
 * `<name>.thumb.webp` beside `<name>.webp`. The API only ever returns the originals; cards derive
 * the thumbnail's URL here, and the server names the file with the same function.
 */

/** The longest side of a thumbnail: a card is at most ~400 CSS px wide. */
export const THUMBNAIL_MAX_SIDE = 480;

const THUMB_SUFFIX = '.thumb.webp';
/** Buckets whose uploads have thumbnails (avatars are already small). */
const THUMBNAIL_URL = /^(\/api\/media\/(?:tip-photos|guide-photos)\/[^/]+\/[^/]+)\.webp$/;

export function isThumbnailName(file: string): boolean {
  return file.endsWith(THUMB_SUFFIX);
}

/** `x.webp` -> `x.thumb.webp`; a thumbnail's own name is returned unchanged. */
export function thumbnailName(file: string): string {
  if (isThumbnailName(file) || !file.endsWith('.webp')) return file;
  return `${file.slice(0, -'.webp'.length)}${THUMB_SUFFIX}`;
}

/** `x.thumb.webp` -> `x.webp`, or null when the name is not a thumbnail's. */
export function originalOfThumbnail(file: string): string | null {
  return isThumbnailName(file) ? `${file.slice(0, -THUMB_SUFFIX.length)}.webp` : null;
}

/** The thumbnail URL of an uploaded photo; any other URL (avatars, external) is returned as it is. */
export function thumbnailUrl(url: string): string {
  const m = THUMBNAIL_URL.exec(url);
  if (!m || url.endsWith(THUMB_SUFFIX)) return url;
  return `${m[1]}${THUMB_SUFFIX}`;
}
