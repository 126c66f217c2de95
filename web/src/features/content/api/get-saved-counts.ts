import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentCounts } from '@common/schemas/content';
import { api } from '@/lib/api-client';
import { contentParams } from './content-query';

export function getSavedCounts(q: string) {
  return api.get<ContentCounts>(`/api/saved/counts?${contentParams({ q }, undefined, 0)}`);
}

export const savedCountsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['content', 'saved', 'counts', q],
    queryFn: () => getSavedCounts(q),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useSavedCounts(q: string) {
  return useQuery(savedCountsQueryOptions(q));
}
