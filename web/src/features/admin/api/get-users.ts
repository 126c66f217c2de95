import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '@common/schemas/admin';
import { api } from '@/lib/api-client';
import { ADMIN_KEYS } from './admin-keys';

export type AdminUserPage = { items: AdminUser[]; nextCursor: string | null };

export function getAdminUsers(cursor?: string): Promise<AdminUserPage> {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  return api.get<AdminUserPage>(`/api/admin/users?${params}`);
}

export const adminUsersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ADMIN_KEYS.users,
    queryFn: ({ pageParam }) => getAdminUsers(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useAdminUsers() {
  return useInfiniteQuery(adminUsersQueryOptions());
}
