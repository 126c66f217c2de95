import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TotpCodeBody } from '@common/schemas/two-factor';
import { api } from '@/lib/api-client';
import { TWO_FACTOR_QUERY_KEY } from './get-two-factor-status';

/** POST /api/auth/two-factor/recovery-codes: ten new codes for a current code; the old ones stop working. */
export function regenerateRecoveryCodes(input: TotpCodeBody) {
  return api.post<RecoveryCodes>('/api/auth/two-factor/recovery-codes', input);
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}
