import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUser } from '@common/schemas/admin';
import { api } from '@/lib/api-client';
import { ADMIN_KEYS } from './admin-keys';

export type AdminUserPage = { items: AdminUser[]; nextCursor: string | null };

/** A page of User Management, only the members matching `q` (name, username or e-mail) when given (issue 36). */
export function getAdminUsers(cursor?: string, q = ''): Promise<AdminUserPage> {
  const params = new URLSearchParams({ limit: '50' });
  if (cursor) params.set('cursor', cursor);
  if (q) params.set('q', q);
  return api.get<AdminUserPage>(`/api/admin/users?${params}`);
}

export const adminUsersQueryOptions = (q = '') =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_KEYS.users, q],
    queryFn: ({ pageParam }) => getAdminUsers(pageParam, q),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

export function useAdminUsers(q = '') {
  return useInfiniteQuery({ ...adminUsersQueryOptions(q), placeholderData: (previous) => previous });
}
