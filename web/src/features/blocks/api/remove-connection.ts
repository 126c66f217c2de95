import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterConnectionChange } from './after-connection-change';

/** POST /api/connections/:id/remove: either member ends an accepted connection (ADR 087). */
export function removeConnection({ connectionId }: { connectionId: string; memberId: string }) {
  return api.post<void>(`/api/connections/${encodeURIComponent(connectionId)}/remove`);
}

export function useRemoveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeConnection,
    onSettled: (_data, _error, { memberId }) => afterConnectionChange(queryClient, memberId),
  });
}
