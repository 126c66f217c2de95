import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisableTwoFactor } from '@common/schemas/two-factor';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { TWO_FACTOR_QUERY_KEY } from './get-two-factor-status';

/** POST /api/auth/two-factor/disable: the password and a code or a recovery code; 204. */
export function disableTwoFactor(input: DisableTwoFactor) {
  return api.post<void>('/api/auth/two-factor/disable', input);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}
