import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentCounts } from '@common/schemas/content';
import { api } from '@/lib/api-client';
import { contentParams } from './content-query';

type CountFilters = { q: string; country: string; tipType: string };

/** Explore with no search nor filter: what its drawn first paint counts (app/first-paint-pages.ts). */
export const UNFILTERED_COUNTS: CountFilters = { q: '', country: '', tipType: '' };

export const exploreCountsUrl = (filters: CountFilters) => `/api/explore/counts?${contentParams(filters, undefined, 0)}`;

export function getExploreCounts(filters: CountFilters) {
  return api.get<ContentCounts>(exploreCountsUrl(filters));
}

export const exploreCountsQueryOptions = (filters: CountFilters) =>
  queryOptions({
    queryKey: ['content', 'explore', 'counts', filters],
    queryFn: () => getExploreCounts(filters),
    // The tab labels keep their numbers while a new search is counted.
    placeholderData: keepPreviousData,
  });

export function useExploreCounts(filters: CountFilters) {
  return useQuery(exploreCountsQueryOptions(filters));
}
