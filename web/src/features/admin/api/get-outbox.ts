import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@common/schemas/outbox';
import { api } from '@/lib/api-client';

export type OutboxPage = { items: OutboxMessage[]; nextCursor: string | null };

export function getOutbox(cursor?: string): Promise<OutboxPage> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get<OutboxPage>(`/api/admin/outbox?${params}`);
}

export const outboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'outbox'],
    queryFn: ({ pageParam }) => getOutbox(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useOutbox() {
  return useInfiniteQuery(outboxQueryOptions());
}
