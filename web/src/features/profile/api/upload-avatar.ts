import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@common/schemas/profile';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { profileQueryKey } from './get-profile';

/** POST /api/profiles/me/avatar: multipart, the image in field `avatar`. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return api.upload<Profile>('/api/profiles/me/avatar', form);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey(profile.userId), profile);
      refreshInBackground(queryClient, ME_QUERY_KEY, ['connections']);
    },
  });
}
