import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@common/schemas/admin';
import { api } from '@/lib/api-client';
import { ADMIN_KEYS } from './admin-keys';

export const getAdminStats = () => api.get<AdminStats>('/api/admin/stats');

export const adminStatsQueryOptions = () => queryOptions({ queryKey: ADMIN_KEYS.stats, queryFn: getAdminStats, staleTime: 0 });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
