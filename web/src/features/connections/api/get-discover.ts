import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@common/limits';
import type { ProfileCard } from '@common/schemas/profile';
import { api } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-events';
import { connectionKeys } from './keys';

export type DiscoverPage = { items: ProfileCard[]; nextCursor: string | null };

const PAGE_SIZE = 24;

export function getDiscover(cursor?: string) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<DiscoverPage>(`/api/connections/discover?${params}`);
}

export const discoverQueryOptions = (isLive: boolean) =>
  infiniteQueryOptions({
    queryKey: connectionKeys.discover,
    queryFn: ({ pageParam }) => getDiscover(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: isLive ? false : POLL_INTERVALS_MS.connections,
  });

/** Active members the viewer has no relation with (docs/product.md#connections). */
export function useDiscover() {
  const { isLive } = useLiveStatus();
  return useInfiniteQuery(discoverQueryOptions(isLive));
}
