import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionEntry, Relation } from '@common/schemas/connection';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';

type RelationResult = { relation: Relation; connectionId: string | null };

export const relationQueryKey = (userId: string) => ['connections', 'relation', userId] as const;

/** GET /api/users/:userId/relation */
export function getRelation(userId: string) {
  return api.get<RelationResult>(`/api/users/${encodeURIComponent(userId)}/relation`);
}

export function useRelation(userId: string, enabled: boolean) {
  return useQuery({ queryKey: relationQueryKey(userId), queryFn: () => getRelation(userId), enabled });
}

/** POST /api/connections: a connection request to that member. */
export function requestConnection(addresseeId: string) {
  return api.post<ConnectionEntry>('/api/connections', { addresseeId });
}

export function useRequestConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestConnection,
    onSuccess: () => refreshInBackground(queryClient, ['connections']),
  });
}
