import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Guide } from '@common/schemas/guide';
import { api } from '@/lib/api-client';

export const guideQueryKey = (id: string) => ['guides', id] as const;

/** The guide's URL, as the page's first paint reads it too (app/first-paint-pages.ts). */
export const guideUrl = (id: string) => `/api/guides/${encodeURIComponent(id)}`;

export function getGuide(id: string) {
  return api.get<Guide>(guideUrl(id));
}

export const guideQueryOptions = (id: string) => queryOptions({ queryKey: guideQueryKey(id), queryFn: () => getGuide(id) });

export function useGuide(id: string) {
  return useQuery(guideQueryOptions(id));
}
