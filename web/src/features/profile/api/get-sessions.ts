import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SessionPage } from '@common/schemas/sessions';
import { api } from '@/lib/api-client';

export const SESSIONS_QUERY_KEY = ['auth', 'sessions'] as const;

/** GET /api/auth/sessions: the caller's live sessions, newest sign-in first, a keyset page at a time. */
export function getSessions(cursor?: string): Promise<SessionPage> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get<SessionPage>(`/api/auth/sessions?${params}`);
}

export const sessionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: ({ pageParam }) => getSessions(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useSessions() {
  return useInfiniteQuery(sessionsQueryOptions());
}
