import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function removeSaved(savedId: string) {
  return api.delete<void>(`/api/saved/${encodeURIComponent(savedId)}`);
}

export function useRemoveSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSaved,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['content', 'saved'] }),
        // Detail pages cache whether the viewer saved the item.
        queryClient.invalidateQueries({ queryKey: ['guides'] }),
        queryClient.invalidateQueries({ queryKey: ['tips'] }),
      ]),
  });
}
