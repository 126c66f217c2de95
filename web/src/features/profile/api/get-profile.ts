import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@common/schemas/profile';
import { api } from '@/lib/api-client';

export const PROFILES_QUERY_KEY = ['profiles'] as const;
export const profileQueryKey = (userId: string) => [...PROFILES_QUERY_KEY, userId] as const;

/** GET /api/profiles/:userId (own: email set, isOwn true; 404 unknown or pending member). */
export function getProfile(userId: string) {
  return api.get<Profile>(`/api/profiles/${encodeURIComponent(userId)}`);
}

export const profileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: profileQueryKey(userId), queryFn: () => getProfile(userId) });

export function useProfile(userId: string, enabled = true) {
  return useQuery({ ...profileQueryOptions(userId), enabled });
}
