import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionEntry } from '@common/schemas/connection';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { connectionKeys } from './keys';

export function sendConnectionRequest(addresseeId: string) {
  return api.post<ConnectionEntry>('/api/connections', { addresseeId });
}

export function useSendConnectionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendConnectionRequest,
    // A 409 means the lists are out of date too: refresh either way.
    onSettled: () => refreshInBackground(queryClient, connectionKeys.all, ['profiles']),
  });
}
