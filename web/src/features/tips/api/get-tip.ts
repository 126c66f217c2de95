import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tip } from '@common/schemas/tip';
import { preloadPhoto } from '@/components/content/preload-photo';
import { api } from '@/lib/api-client';

export const tipQueryKey = (id: string) => ['tips', 'detail', id] as const;

/** The tip's URL, as the page's first paint reads it too (app/first-paint-pages.ts). */
export const tipUrl = (id: string) => `/api/tips/${encodeURIComponent(id)}`;

export function getTip(id: string) {
  return api.get<Tip>(tipUrl(id));
}

export const tipQueryOptions = (id: string) => queryOptions({ queryKey: tipQueryKey(id), queryFn: () => getTip(id) });

export function useTip(id: string) {
  return useQuery(tipQueryOptions(id));
}

/**
 * For the detail screen, started with its chunk: the tip, then at once its cover photo (the
 * page's largest paint) in the size the gallery will show, before the gallery's code arrives.
 */
export function prefetchTipDetail(queryClient: QueryClient, id: string) {
  void queryClient
    .fetchQuery(tipQueryOptions(id))
    .then((tip) => preloadPhoto(tip.photoUrls[0]))
    .catch(() => undefined); // the screen shows its own error state
}
