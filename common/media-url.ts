/**
 * Photo variants (issue 7): every tip and guide photo is stored with smaller copies beside it,
 * `<name>.thumb.webp` (cards, photo grid) and `<name>.mid.webp` (a phone's full-width photo) next
 * to `<name>.webp`. The API only ever returns the originals; the client derives a variant's URL
 * here, and the server names the files with the same functions.
 */

/** The longest side of a thumbnail: a card is at most ~400 CSS px wide. */
export const THUMBNAIL_MAX_SIDE = 480;
/** The longest side of the mid-size copy: a phone's full width at 2-3x, or a tablet's at 1x. */
export const MID_MAX_SIDE = 1024;
/** The longest side of an original photo (server/src/modules/media/image.ts). */
export const ORIGINAL_MAX_SIDE = 2048;

/** A page-wide photo's `sizes` (a tip's cover): full width on phones, at most ~1024 px beside the sidebar. */
export const PAGE_PHOTO_SIZES = '(min-width: 1024px) 1024px, 100vw';
/** A guide's cover spans the wider guide column. */
export const GUIDE_COVER_SIZES = '(min-width: 1024px) 1104px, 100vw';

export type PhotoVariant = 'thumb' | 'mid';

const SUFFIXES: Record<PhotoVariant, string> = { thumb: '.thumb.webp', mid: '.mid.webp' };
const VARIANT_SUFFIX = /\.(?:thumb|mid)\.webp$/;
/** Buckets whose uploads have variants (avatars are already small), as members and share links (ADR 068) fetch them. */
const PHOTO_URL = /^(\/api\/(?:media|shared\/guides\/[\w-]+\/photos)\/(?:tip-photos|guide-photos)\/[^/]+\/[^/]+)\.webp$/;

/** True for a variant's file name (`x.thumb.webp`, `x.mid.webp`): never an upload of its own. */
export function isVariantName(file: string): boolean {
  return VARIANT_SUFFIX.test(file);
}

/** `x.webp` -> `x.<variant>.webp`; a variant's own name, or a name not ending .webp, is returned unchanged. */
export function variantName(file: string, variant: PhotoVariant): string {
  if (isVariantName(file) || !file.endsWith('.webp')) return file;
  return `${file.slice(0, -'.webp'.length)}${SUFFIXES[variant]}`;
}

/** Every variant's file name of a photo (none for a variant's own name). */
export function variantNames(file: string): string[] {
  if (isVariantName(file) || !file.endsWith('.webp')) return [];
  return (Object.keys(SUFFIXES) as PhotoVariant[]).map((variant) => variantName(file, variant));
}

/** `x.thumb.webp` or `x.mid.webp` -> `x.webp`, or null when the name is not a variant's. */
export function originalOfVariant(file: string): string | null {
  return isVariantName(file) ? file.replace(VARIANT_SUFFIX, '.webp') : null;
}

/** A variant's URL of an uploaded photo; any other URL (avatars, external, variants) is returned as it is. */
export function variantUrl(url: string, variant: PhotoVariant): string {
  const m = PHOTO_URL.exec(url);
  if (!m || isVariantName(url)) return url;
  return `${m[1]}${SUFFIXES[variant]}`;
}

export const thumbnailUrl = (url: string) => variantUrl(url, 'thumb');
export const midUrl = (url: string) => variantUrl(url, 'mid');

/**
 * The `srcset` of an uploaded photo: thumbnail, mid-size copy and, unless `upTo` stops earlier,
 * the original; undefined for any other URL. The widths are the longest sides: the API does not
 * give a photo's dimensions, so a portrait photo's are overstated and the browser picks one size
 * smaller than ideal, never a larger download than needed.
 */
export function photoSrcSet(url: string, upTo: PhotoVariant | 'original' = 'original'): string | undefined {
  if (!PHOTO_URL.test(url) || isVariantName(url)) return undefined;
  const candidates = [`${thumbnailUrl(url)} ${THUMBNAIL_MAX_SIDE}w`];
  if (upTo !== 'thumb') candidates.push(`${midUrl(url)} ${MID_MAX_SIDE}w`);
  if (upTo === 'original') candidates.push(`${url} ${ORIGINAL_MAX_SIDE}w`);
  return candidates.join(', ');
}

/** A `<link rel="preload" as="image">`: with srcset and sizes, the browser picks what the `<img>` will. */
export interface ImagePreload {
  href: string;
  srcset?: string;
  sizes?: string;
}

/** The preload of a photo shown by an `<img src={url} srcSet={photoSrcSet(url)} sizes={sizes}>`. */
export function photoPreload(url: string, sizes: string): ImagePreload {
  const srcset = photoSrcSet(url);
  return srcset ? { href: url, srcset, sizes } : { href: url };
}
