import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ContentTab } from '@common/schemas/content';
import { api } from '@/lib/api-client';
import { type ContentPage, contentParams, nextCursorOf } from './content-query';

export function getUserContent(userId: string, type: ContentTab, cursor?: string, country = '') {
  return api.get<ContentPage>(`/api/users/${encodeURIComponent(userId)}/content?${contentParams({ type, country }, cursor)}`);
}

/** `country`: only the member's items there (the profile's world map, issue 22). */
export const userContentQueryOptions = (userId: string, type: ContentTab, country = '') =>
  infiniteQueryOptions({
    // Without a country, the key the lists have always had (their invalidations name its start).
    queryKey: country ? ['content', 'user', userId, type, { country }] : ['content', 'user', userId, type],
    queryFn: ({ pageParam }) => getUserContent(userId, type, pageParam, country),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursorOf,
  });

export function useUserContent(userId: string, type: ContentTab, country = '') {
  return useInfiniteQuery(userContentQueryOptions(userId, type, country));
}
