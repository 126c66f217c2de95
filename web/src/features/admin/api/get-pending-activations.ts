import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingActivation } from '@common/schemas/admin';
import { api } from '@/lib/api-client';
import { ADMIN_KEYS } from './admin-keys';

export const getPendingActivations = () => api.get<PendingActivation[]>('/api/admin/pending-activations');

export const pendingActivationsQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_KEYS.pendingActivations, queryFn: getPendingActivations, staleTime: 0 });

export function usePendingActivations() {
  return useQuery(pendingActivationsQueryOptions());
}
