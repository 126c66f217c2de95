import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HomePage } from '@common/schemas/home';
import { api } from '@/lib/api-client';
import { homeListUrl, homePaging } from './home-page';

export function getHomePopular(cursor?: string) {
  return api.get<HomePage>(homeListUrl('/api/home/popular', cursor));
}

export const homePopularQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['content', 'home', 'popular'],
    queryFn: ({ pageParam }) => getHomePopular(pageParam),
    ...homePaging,
  });

export function useHomePopular() {
  return useInfiniteQuery(homePopularQueryOptions());
}
