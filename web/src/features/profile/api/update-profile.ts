import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '@common/schemas/profile';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { profileQueryKey } from './get-profile';

/** PATCH /api/profiles/me; 409 'This username is already taken'. */
export function updateProfile(input: ProfileUpdate) {
  return api.patch<Profile>('/api/profiles/me', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey(profile.userId), profile);
      // The shell's name and avatar come from ['me'] (replaces the original 'profileUpdated' event).
      refreshInBackground(queryClient, ME_QUERY_KEY, ['connections']);
    },
  });
}
