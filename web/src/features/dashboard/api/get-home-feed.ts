import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HomePage } from '@common/schemas/home';
import { api } from '@/lib/api-client';
import { homeListUrl, homePaging } from './home-page';

export function getHomeFeed(cursor?: string) {
  return api.get<HomePage>(homeListUrl('/api/home/feed', cursor));
}

/**
 * Under 'connections': the live stream's connection events (and the connection mutations)
 * invalidate that key, so a newly accepted connection's tips show without a reload (ADR 057).
 */
export const homeFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['connections', 'home', 'feed'],
    queryFn: ({ pageParam }) => getHomeFeed(pageParam),
    ...homePaging,
  });

export function useHomeFeed() {
  return useInfiniteQuery(homeFeedQueryOptions());
}
