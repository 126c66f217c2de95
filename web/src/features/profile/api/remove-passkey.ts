import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PASSKEYS_QUERY_KEY } from './list-passkeys';

/** DELETE /api/auth/passkeys/:id: 204; the passkey no longer signs anyone in. */
export function removePasskey(id: string) {
  return api.delete<void>(`/api/auth/passkeys/${encodeURIComponent(id)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
