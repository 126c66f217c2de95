import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Passkey, RenamePasskey } from '@common/schemas/passkey';
import { api } from '@/lib/api-client';
import { PASSKEYS_QUERY_KEY } from './list-passkeys';

/** PATCH /api/auth/passkeys/:id: 200 the renamed passkey; 400 a name that is not valid; 404 not the member's. */
export function renamePasskey({ id, ...body }: RenamePasskey & { id: string }) {
  return api.patch<Passkey>(`/api/auth/passkeys/${encodeURIComponent(id)}`, body);
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
