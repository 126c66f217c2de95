import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';

/** DELETE /api/blocks/:userId: the caller's own block lifted. */
export function unblockMember(memberId: string) {
  return api.delete<void>(`/api/blocks/${encodeURIComponent(memberId)}`);
}

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    // They may be seen again: every list and profile refreshes (nothing offline to drop).
    onSettled: () => refreshInBackground(queryClient, []),
  });
}
