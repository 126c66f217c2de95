import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { LocateQuery, LocateResult } from '@common/schemas/map';
import { api } from '@/lib/api-client';

/** The fields the server places a tip from; `country` is one of the list. */
export type LocateFields = { country: LocateQuery['country']; city: string; mapsUrl: string };

export function locateUrl({ country, city, mapsUrl }: LocateFields) {
  const params = new URLSearchParams({ country, city: city.trim() });
  if (mapsUrl.trim()) params.set('mapsUrl', mapsUrl.trim());
  return `/api/map/locate?${params.toString()}`;
}

export function locateTip(fields: LocateFields) {
  return api.get<LocateResult>(locateUrl(fields));
}

/**
 * Where the fields put a tip (GET /api/map/locate); null fields (no country yet) ask nothing.
 * The answer depends on the fields alone, so it is kept a while.
 */
export const locateQueryOptions = (fields: LocateFields | null) =>
  queryOptions({
    queryKey: ['map', 'locate', fields?.country ?? null, fields?.city.trim() ?? '', fields?.mapsUrl.trim() ?? ''],
    queryFn: fields ? () => locateTip(fields) : skipToken,
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** The previous answer stays on show (marked as placeholder) while the next one is asked. */
export function useLocateTip(fields: LocateFields | null) {
  return useQuery({ ...locateQueryOptions(fields), placeholderData: keepPreviousData });
}
