import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeUndone } from '@common/schemas/auth';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { ME_QUERY_KEY } from '@/lib/api/get-me';

/** POST /api/auth/email/undo: the undo link's token (ADR 108); 400 when invalid, expired or used. */
export function undoEmailChange(token: string) {
  return api.post<EmailChangeUndone>('/api/auth/email/undo', { token });
}

export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoEmailChange,
    // Every session of the account ended: a browser signed in to it is signed out now.
    onSuccess: () => refreshInBackground(queryClient, ME_QUERY_KEY),
  });
}
