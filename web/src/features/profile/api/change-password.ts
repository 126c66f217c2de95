import { useMutation } from '@tanstack/react-query';
import type { ChangePassword } from '@common/schemas/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/password: 204 (other sessions ended); 400 'Current password is incorrect'. */
export function changePassword(input: ChangePassword) {
  return api.post<void>('/api/auth/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
