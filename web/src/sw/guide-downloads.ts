/**
 * What "Make available offline" downloads for a guide (issue 23, ADR 071): the guide, its map,
 * every tip of it the viewer may see (the API already hides the others), and their photos
 * (every thumbnail; the guide's cover in full size). The URLs are the ones the screens ask, so
 * the service worker's copies answer them offline. The page downloads them (with its progress);
 * the worker fetches again whatever of it it did not store itself (ADR 102).
 */
import type { Guide } from '@common/schemas/guide';
import { thumbnailUrl } from '@common/media-url';

const path = (kind: 'guides' | 'tips', id: string) => `/api/${kind}/${encodeURIComponent(id)}`;

/** The answers, first: the tips' photos are known once the tips are. */
export function guideAnswerUrls(guide: Pick<Guide, 'id' | 'items'>): string[] {
  const tips = guide.items.flatMap((item) => (item.tip ? [path('tips', item.tip.id)] : []));
  return [...new Set([path('guides', guide.id), `${path('guides', guide.id)}/map`, ...tips])];
}

/** The photos: the guide's cover in full size, every thumbnail of the guide and of its tips. */
export function guidePhotoUrls(guide: Pick<Guide, 'photoUrls'>, tips: { photoUrls?: unknown }[]): string[] {
  const tipPhotos = tips.flatMap((tip) =>
    Array.isArray(tip.photoUrls) ? tip.photoUrls.filter((u) => typeof u === 'string') : [],
  );
  const cover = guide.photoUrls[0];
  return [...new Set([...(cover ? [cover] : []), ...guide.photoUrls.map(thumbnailUrl), ...tipPhotos.map(thumbnailUrl)])];
}
