import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignIn, SignInResult } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';

/** POST /api/auth/sign-in: the user, or (two-factor on) that a code is needed first (ADR 075). */
export function signIn(input: SignIn) {
  return api.post<SignInResult>('/api/auth/sign-in', input);
}

/** No zod here (the sign-in page's first load): the answer's shape tells the two apart. */
export const needsSecondFactor = (result: SignInResult) => 'secondFactor' in result;

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      if (!needsSecondFactor(result)) queryClient.setQueryData(ME_QUERY_KEY, result);
    },
  });
}
