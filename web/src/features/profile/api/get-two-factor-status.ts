import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@common/schemas/two-factor';
import { api } from '@/lib/api-client';

export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;

/** GET /api/auth/two-factor: on or off, required or not, recovery codes left (ADR 075). */
export function getTwoFactorStatus() {
  return api.get<TwoFactorStatus>('/api/auth/two-factor');
}

export const twoFactorStatusQueryOptions = () => queryOptions({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: getTwoFactorStatus });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
