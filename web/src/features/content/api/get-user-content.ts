import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ContentTab } from '@common/schemas/content';
import { api } from '@/lib/api-client';
import { type ContentPage, contentParams, nextCursorOf } from './content-query';

export function getUserContent(userId: string, type: ContentTab, cursor?: string) {
  return api.get<ContentPage>(`/api/users/${encodeURIComponent(userId)}/content?${contentParams({ type }, cursor)}`);
}

export const userContentQueryOptions = (userId: string, type: ContentTab) =>
  infiniteQueryOptions({
    queryKey: ['content', 'user', userId, type],
    queryFn: ({ pageParam }) => getUserContent(userId, type, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursorOf,
  });

export function useUserContent(userId: string, type: ContentTab) {
  return useInfiniteQuery(userContentQueryOptions(userId, type));
}
