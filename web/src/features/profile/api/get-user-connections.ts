import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectionEntry } from '@common/schemas/connection';
import { api } from '@/lib/api-client';

/** Under ['connections'], so any connection change refreshes it too. */
export const userConnectionsQueryKey = (userId: string) => ['connections', 'user', userId] as const;

/** GET /api/users/:userId/connections: that member's accepted connections. */
export function getUserConnections(userId: string) {
  return api.get<ConnectionEntry[]>(`/api/users/${encodeURIComponent(userId)}/connections`);
}

export const userConnectionsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userConnectionsQueryKey(userId), queryFn: () => getUserConnections(userId) });

export function useUserConnections(userId: string) {
  return useQuery(userConnectionsQueryOptions(userId));
}
