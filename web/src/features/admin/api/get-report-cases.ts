import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReportCase } from '@common/schemas/moderation';
import { api } from '@/lib/api-client';

export type ReportCasePage = { items: ReportCase[]; nextCursor: string | null };

export function getReportCases(cursor?: string): Promise<ReportCasePage> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get<ReportCasePage>(`/api/admin/reports?${params}`);
}

export const reportCasesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'reports'],
    queryFn: ({ pageParam }) => getReportCases(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useReportCases() {
  return useInfiniteQuery(reportCasesQueryOptions());
}
