import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ContentTab, SavedItem } from '@common/schemas/content';
import { api } from '@/lib/api-client';
import { contentParams, nextCursorOf } from './content-query';

export type SavedPage = { items: SavedItem[]; nextCursor: string | null };
export type SavedFilters = { type: ContentTab; q: string };

export function getSaved(filters: SavedFilters, cursor?: string) {
  return api.get<SavedPage>(`/api/saved?${contentParams(filters, cursor)}`);
}

export const savedQueryOptions = (filters: SavedFilters) =>
  infiniteQueryOptions({
    queryKey: ['content', 'saved', 'list', filters],
    queryFn: ({ pageParam }) => getSaved(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursorOf,
    // Saving happens on detail pages (another feature): always check on arrival.
    staleTime: 0,
  });

export function useSaved(filters: SavedFilters) {
  return useInfiniteQuery(savedQueryOptions(filters));
}
