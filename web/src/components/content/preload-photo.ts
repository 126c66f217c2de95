import { PAGE_PHOTO_SIZES, photoPreload } from '@common/media-url';

const preloaded = new Set<string>();

/**
 * Starts downloading the size of a photo an `<img srcset sizes>` with the same `sizes` will pick,
 * before the component that shows it has loaded (issue 7: a tip's cover is its largest paint, and
 * its URL is known as soon as the tip's data arrives, a chunk download earlier than the gallery).
 */
export function preloadPhoto(url: string | undefined, sizes: string = PAGE_PHOTO_SIZES): void {
  if (!url || preloaded.has(url) || typeof document === 'undefined') return;
  preloaded.add(url);
  const { href, srcset, sizes: imageSizes } = photoPreload(url, sizes);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  if (srcset && imageSizes) {
    link.imageSrcset = srcset;
    link.imageSizes = imageSizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}
