import { useMutation } from '@tanstack/react-query';
import type { PasswordResetDone, ResetPassword } from '@common/schemas/password-reset';
import { api } from '@/lib/api-client';

/** POST /api/auth/password-reset: 200 with the account's address; 400 for a used, expired or bad link. */
export function resetPassword(input: ResetPassword) {
  return api.post<PasswordResetDone>('/api/auth/password-reset', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
