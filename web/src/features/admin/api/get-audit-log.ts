import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';

export type AuditPage = { items: AuditEntry[]; nextCursor: string | null };

export function getAuditLog(cursor?: string): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: '30' });
  if (cursor) params.set('cursor', cursor);
  return api.get<AuditPage>(`/api/admin/audit-log?${params}`);
}

export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit-log'],
    queryFn: ({ pageParam }) => getAuditLog(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useAuditLog() {
  return useInfiniteQuery(auditLogQueryOptions());
}
