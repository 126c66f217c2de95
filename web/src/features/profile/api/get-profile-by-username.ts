import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@common/schemas/profile';
import { api } from '@/lib/api-client';
import { PROFILES_QUERY_KEY } from './get-profile';

/** Under ['profiles'], so whatever refreshes profiles refreshes these too. */
export const profileByUsernameQueryKey = (username: string) =>
  [...PROFILES_QUERY_KEY, 'by-username', username.toLowerCase()] as const;

/** GET /api/profiles/by-username/:username (ADR 046): the same answer as by id; 404 unknown or pending. */
export function getProfileByUsername(username: string) {
  return api.get<Profile>(`/api/profiles/by-username/${encodeURIComponent(username)}`);
}

export const profileByUsernameQueryOptions = (username: string) =>
  queryOptions({ queryKey: profileByUsernameQueryKey(username), queryFn: () => getProfileByUsername(username) });

export function useProfileByUsername(username: string, enabled = true) {
  return useQuery({ ...profileByUsernameQueryOptions(username), enabled });
}
