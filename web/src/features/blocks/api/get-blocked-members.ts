import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BlockedMember } from '@common/schemas/block';
import { api } from '@/lib/api-client';
import { blockKeys } from './keys';

export type BlockedMembersPage = { items: BlockedMember[]; nextCursor: string | null };

/** GET /api/blocks: whom the member blocked, newest first, a keyset page at a time. */
export function getBlockedMembers(cursor?: string): Promise<BlockedMembersPage> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get<BlockedMembersPage>(`/api/blocks?${params}`);
}

export const blockedMembersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: blockKeys.blocked,
    queryFn: ({ pageParam }) => getBlockedMembers(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useBlockedMembers() {
  return useInfiniteQuery(blockedMembersQueryOptions());
}
