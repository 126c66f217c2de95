import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeConfirmed } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';

/** POST /api/auth/email/confirm: the link's token; 400 when invalid, expired or used, 409 when taken. */
export function confirmEmailChange(token: string) {
  return api.post<EmailChangeConfirmed>('/api/auth/email/confirm', { token });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    // The signed-in account (if it is this one) shows its new address; its profile follows.
    onSuccess: () => refreshInBackground(queryClient, ME_QUERY_KEY, ['profiles']),
  });
}
