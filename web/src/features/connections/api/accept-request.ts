import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionEntry } from '@common/schemas/connection';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { connectionKeys } from './keys';

export function acceptConnectionRequest(connectionId: string) {
  return api.post<ConnectionEntry>(`/api/connections/${encodeURIComponent(connectionId)}/accept`);
}

export function useAcceptConnectionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptConnectionRequest,
    onSettled: () => refreshInBackground(queryClient, connectionKeys.all, ['profiles']),
  });
}
