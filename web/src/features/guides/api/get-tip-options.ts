import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipOption } from '@common/schemas/tip';
import { api } from '@/lib/api-client';

export function getTipOptions() {
  return api.get<TipOption[]>('/api/tips/options');
}

/** The author's own tips for the itinerary picker; refetched on every visit (tips change elsewhere). */
export const tipOptionsQueryOptions = () => queryOptions({ queryKey: ['tips', 'options'], queryFn: getTipOptions, staleTime: 0 });

export function useTipOptions() {
  return useQuery(tipOptionsQueryOptions());
}
