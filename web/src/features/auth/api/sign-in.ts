import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SignIn } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';

export function signIn(input: SignIn) {
  return api.post<CurrentUser>('/api/auth/sign-in', input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => queryClient.setQueryData(ME_QUERY_KEY, user),
  });
}
