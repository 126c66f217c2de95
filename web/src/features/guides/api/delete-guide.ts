import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { guideQueryKey } from './get-guide';
import { refreshInBackground } from '@/lib/query-client';

export function deleteGuide(id: string) {
  return api.delete<void>(`/api/guides/${encodeURIComponent(id)}`);
}

export function useDeleteGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGuide,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: guideQueryKey(id) });
      refreshInBackground(queryClient, ['content']);
    },
  });
}
