import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Job } from '@common/schemas/notification-preferences';
import { api } from '@/lib/api-client';

export type JobPage = { items: Job[]; nextCursor: string | null };

/** GET /api/admin/jobs: the e-mail jobs with their state, newest first (ADR 091). */
export function getJobs(cursor?: string): Promise<JobPage> {
  const params = new URLSearchParams({ limit: '20' });
  if (cursor) params.set('cursor', cursor);
  return api.get<JobPage>(`/api/admin/jobs?${params}`);
}

export const jobsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['admin', 'jobs'],
    queryFn: ({ pageParam }) => getJobs(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useJobs() {
  return useInfiniteQuery(jobsQueryOptions());
}
