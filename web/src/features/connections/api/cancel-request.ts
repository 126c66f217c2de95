import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { connectionKeys } from './keys';

export function cancelConnectionRequest(connectionId: string) {
  return api.delete<void>(`/api/connections/${encodeURIComponent(connectionId)}`);
}

export function useCancelConnectionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelConnectionRequest,
    // docs/product.md#texts-word-for-word: on failure the list is refreshed as well.
    onSettled: () => refreshInBackground(queryClient, connectionKeys.all, ['profiles']),
  });
}
