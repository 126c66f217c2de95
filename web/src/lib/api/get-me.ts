import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@common/schemas/auth';
import { ApiError, api } from '@/lib/api-client';

export const ME_QUERY_KEY = ['me'] as const;

/** Who is signed in: every page asks it first (app/first-paint-pages.ts). */
export const ME_URL = '/api/auth/me';

/** 401 means "signed out": the query answers null rather than failing. */
export async function getMe(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>(ME_URL);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getMe, staleTime: 5 * 60_000 });

export function useMe() {
  return useQuery(meQueryOptions());
}
