import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SignUp } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';

export function signUp(input: SignUp) {
  return api.post<CurrentUser>('/api/auth/sign-up', input);
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => queryClient.setQueryData(ME_QUERY_KEY, user),
  });
}
