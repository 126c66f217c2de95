import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuideMap } from '@common/schemas/map';
import { api } from '@/lib/api-client';
import { guideQueryKey } from './get-guide';

/** Under the guide's key, so whatever refreshes the guide (an edit) refreshes its map too. */
export const guideMapQueryKey = (id: string) => [...guideQueryKey(id), 'map'] as const;

export const guideMapUrl = (id: string) => `/api/guides/${encodeURIComponent(id)}/map`;

export function getGuideMap(id: string) {
  return api.get<GuideMap>(guideMapUrl(id));
}

export const guideMapQueryOptions = (id: string) =>
  queryOptions({ queryKey: guideMapQueryKey(id), queryFn: () => getGuideMap(id) });

/** Each day's placed stops in itinerary order (GET /api/guides/:id/map). */
export function useGuideMap(id: string) {
  return useQuery(guideMapQueryOptions(id));
}
