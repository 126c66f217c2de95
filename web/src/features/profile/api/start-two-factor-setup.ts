import { useMutation } from '@tanstack/react-query';
import type { StartTwoFactorSetup, TwoFactorSetup } from '@common/schemas/two-factor';
import { api } from '@/lib/api-client';

/** POST /api/auth/two-factor/setup: the password again; a new secret to scan (not on until confirmed). */
export function startTwoFactorSetup(input: StartTwoFactorSetup) {
  return api.post<TwoFactorSetup>('/api/auth/two-factor/setup', input);
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
