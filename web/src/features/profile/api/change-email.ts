import { useMutation } from '@tanstack/react-query';
import type { ChangeEmail, EmailChangeRequested } from '@common/schemas/auth';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/email: 202 when the confirmation link went to the new address (nothing changes
 * until it is opened, ADR 028); 400 wrong password or same address; 409 address taken.
 */
export function requestEmailChange(input: ChangeEmail) {
  return api.post<EmailChangeRequested>('/api/auth/email', input);
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
