import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tip } from '@common/schemas/tip';
import { api } from '@/lib/api-client';

export const tipQueryKey = (id: string) => ['tips', 'detail', id] as const;

export function getTip(id: string) {
  return api.get<Tip>(`/api/tips/${encodeURIComponent(id)}`);
}

export const tipQueryOptions = (id: string) => queryOptions({ queryKey: tipQueryKey(id), queryFn: () => getTip(id) });

export function useTip(id: string) {
  return useQuery(tipQueryOptions(id));
}
