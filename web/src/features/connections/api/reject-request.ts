import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionEntry } from '@common/schemas/connection';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { connectionKeys } from './keys';

export function rejectConnectionRequest(connectionId: string) {
  return api.post<ConnectionEntry>(`/api/connections/${encodeURIComponent(connectionId)}/reject`);
}

export function useRejectConnectionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectConnectionRequest,
    onSettled: () => refreshInBackground(queryClient, connectionKeys.all, ['profiles']),
  });
}
