import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';

export function removeSaved(savedId: string) {
  return api.delete<void>(`/api/saved/${encodeURIComponent(savedId)}`);
}

export function useRemoveSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSaved,
    // Detail pages cache whether the viewer saved the item.
    onSuccess: () => refreshInBackground(queryClient, ['content', 'saved'], ['guides'], ['tips']),
  });
}
