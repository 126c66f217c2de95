import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TotpCodeBody } from '@common/schemas/two-factor';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';
import { TWO_FACTOR_QUERY_KEY } from './get-two-factor-status';

/** POST /api/auth/two-factor/enable: the first code turns it on; the recovery codes come back once. */
export function enableTwoFactor(input: TotpCodeBody) {
  return api.post<RecoveryCodes>('/api/auth/two-factor/enable', input);
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}
