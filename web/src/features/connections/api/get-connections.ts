import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@common/limits';
import type { MyConnections } from '@common/schemas/connection';
import { api } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-events';
import { connectionKeys } from './keys';

export function getConnections() {
  return api.get<MyConnections>('/api/connections');
}

export const connectionsQueryOptions = (isLive: boolean) =>
  queryOptions({
    queryKey: connectionKeys.mine,
    queryFn: getConnections,
    refetchInterval: isLive ? false : POLL_INTERVALS_MS.connections,
  });

/** The viewer's connected members, received requests and sent requests. */
export function useConnections() {
  const { isLive } = useLiveStatus();
  return useQuery(connectionsQueryOptions(isLive));
}
