import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@common/schemas/profile';
import { api } from '@/lib/api-client';
import { useMe } from './get-me';

/**
 * The signed-in member's own profile (GET /api/profiles/:id), for screens outside the profile
 * feature (Create Tip's currency). Same key as the profile feature's query, ['profiles', id], so
 * both share the cache and a profile edit updates it.
 */
export function useOwnProfile() {
  const userId = useMe().data?.id;
  return useQuery({
    queryKey: ['profiles', userId ?? ''],
    queryFn: () => api.get<Profile>(`/api/profiles/${encodeURIComponent(userId ?? '')}`),
    enabled: Boolean(userId),
  });
}
