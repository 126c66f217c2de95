import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HandledReport } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';

export type HandledReportPage = { items: HandledReport[]; nextCursor: string | null };

/** GET /api/admin/reports/handled: the decisions that closed reports, newest first (issue 36). */
export function getHandledReports(cursor?: string): Promise<HandledReportPage> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get<HandledReportPage>(`/api/admin/reports/handled?${params}`);
}

export const handledReportsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'reports', 'handled'],
    queryFn: ({ pageParam }) => getHandledReports(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useHandledReports() {
  return useInfiniteQuery(handledReportsQueryOptions());
}
