import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ContentTab, ExploreSort } from '@common/schemas/content';
import { api } from '@/lib/api-client';
import { type ContentPage, contentParams } from './content-query';
import { windowedPaging } from './windowed-pages';

export type ExploreFilters = { type: ContentTab; q: string; country: string; sort: ExploreSort; tipType: string };

/** Explore as it opens: every kind, no search, no country, newest first, every category. */
export const UNFILTERED: ExploreFilters = { type: 'all', q: '', country: '', sort: 'newest', tipType: '' };

/** A page's URL (PAGE_SIZE items), as the page's first paint reads it too (app/first-paint-pages.ts). */
export const exploreUrl = (filters: ExploreFilters, cursor?: string) => `/api/explore?${contentParams(filters, cursor)}`;

export function getExplore(filters: ExploreFilters, cursor?: string) {
  return api.get<ContentPage>(exploreUrl(filters, cursor));
}

/** Explore can be scrolled through thousands of items: only a window of pages is kept. */
export const exploreQueryOptions = (filters: ExploreFilters) =>
  infiniteQueryOptions({
    queryKey: ['content', 'explore', 'list', filters],
    queryFn: ({ pageParam }) => getExplore(filters, pageParam.cursor),
    ...windowedPaging,
  });

export function useExplore(filters: ExploreFilters) {
  return useInfiniteQuery(exploreQueryOptions(filters));
}
