import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The Reports tab's badge: things with open reports. */
export const openReportCountQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'reports', 'open-count'],
    queryFn: () => api.get<{ open: number }>('/api/admin/reports/open-count'),
  });

export function useOpenReportCount() {
  return useQuery(openReportCountQueryOptions());
}
