import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterConnectionChange } from './after-connection-change';

/** POST /api/blocks: the member is blocked; any connection or request between the two ends. */
export function blockMember(memberId: string) {
  return api.post<void>('/api/blocks', { memberId });
}

export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockMember,
    onSettled: (_data, _error, memberId) => afterConnectionChange(queryClient, memberId),
  });
}
