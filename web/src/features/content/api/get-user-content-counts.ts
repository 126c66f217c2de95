import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentCounts } from '@common/schemas/content';
import { api } from '@/lib/api-client';

export function getUserContentCounts(userId: string) {
  return api.get<ContentCounts>(`/api/users/${encodeURIComponent(userId)}/content/counts`);
}

export const userContentCountsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['content', 'user', userId, 'counts'], queryFn: () => getUserContentCounts(userId) });

export function useUserContentCounts(userId: string) {
  return useQuery(userContentCountsQueryOptions(userId));
}
