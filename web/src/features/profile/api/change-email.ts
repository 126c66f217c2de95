import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmail, CurrentUser } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { ME_QUERY_KEY } from '@/features/auth/api/get-me';
import { profileQueryKey } from './get-profile';

/** POST /api/auth/email: 200 CurrentUser; 409 when the address is taken. */
export function changeEmail(input: ChangeEmail) {
  return api.post<CurrentUser>('/api/auth/email', input);
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => {
      queryClient.setQueryData(ME_QUERY_KEY, user);
      refreshInBackground(queryClient, profileQueryKey(user.id));
    },
  });
}
