import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TipType } from '@common/schemas/tip-type';
import { api } from '@/lib/api-client';

export function getTipTypes() {
  return api.get<TipType[]>('/api/tip-types');
}

/** Categories change rarely (admin only): keep them for a few minutes. */
export const tipTypesQueryOptions = () => queryOptions({ queryKey: ['tip-types'], queryFn: getTipTypes, staleTime: 5 * 60_000 });

export function useTipTypes() {
  return useQuery(tipTypesQueryOptions());
}
