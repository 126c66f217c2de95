import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/schemas/auth';
import type { SecondFactor } from '@common/schemas/two-factor';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';

/** POST /api/auth/sign-in/two-factor: the code step of a sign-in; the challenge cookie says whose. */
export function signInTwoFactor(input: SecondFactor) {
  return api.post<CurrentUser>('/api/auth/sign-in/two-factor', input);
}

export function useSignInTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInTwoFactor,
    onSuccess: (user) => queryClient.setQueryData(ME_QUERY_KEY, user),
  });
}
