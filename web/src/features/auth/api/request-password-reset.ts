import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequested, RequestPasswordReset } from '@common/schemas/password-reset';
import { api } from '@/lib/api-client';

/** POST /api/auth/password-reset/request: 202 alike for every address (ADR 073); 429 when asked too often. */
export function requestPasswordReset(input: RequestPasswordReset) {
  return api.post<PasswordResetRequested>('/api/auth/password-reset/request', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
