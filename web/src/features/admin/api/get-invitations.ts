import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Invitation } from '@common/schemas/invitation';
import { api } from '@/lib/api-client';

export type InvitationPage = { items: Invitation[]; nextCursor: string | null };

export function getInvitations(cursor?: string): Promise<InvitationPage> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get<InvitationPage>(`/api/admin/invitations?${params}`);
}

export const invitationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'invitations'],
    queryFn: ({ pageParam }) => getInvitations(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useInvitations() {
  return useInfiniteQuery(invitationsQueryOptions());
}
