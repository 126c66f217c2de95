import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ContentTab } from '@common/schemas/content';
import { api } from '@/lib/api-client';
import { type ContentPage, contentParams, nextCursorOf } from './content-query';

export type ExploreFilters = { type: ContentTab; q: string; country: string };

export function getExplore(filters: ExploreFilters, cursor?: string) {
  return api.get<ContentPage>(`/api/explore?${contentParams(filters, cursor)}`);
}

export const exploreQueryOptions = (filters: ExploreFilters) =>
  infiniteQueryOptions({
    queryKey: ['content', 'explore', 'list', filters],
    queryFn: ({ pageParam }) => getExplore(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursorOf,
  });

export function useExplore(filters: ExploreFilters) {
  return useInfiniteQuery(exploreQueryOptions(filters));
}
