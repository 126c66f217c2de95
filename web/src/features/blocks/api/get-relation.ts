import { useQuery } from '@tanstack/react-query';
import type { Relation } from '@common/schemas/connection';
import { api } from '@/lib/api-client';
import { blockKeys } from './keys';

/** GET /api/users/:userId/relation: whether there is a connection to remove, and its id. */
export function getRelation(userId: string) {
  return api.get<{ relation: Relation; connectionId: string | null }>(`/api/users/${encodeURIComponent(userId)}/relation`);
}

/** The same key as the profile's Connect button reads: one request, one answer. */
export function useRelation(userId: string, enabled: boolean) {
  return useQuery({ queryKey: blockKeys.relation(userId), queryFn: () => getRelation(userId), enabled });
}
