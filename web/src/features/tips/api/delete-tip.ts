import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tipQueryKey } from './get-tip';
import { refreshInBackground } from '@/lib/query-client';

export function deleteTip(id: string) {
  return api.delete<void>(`/api/tips/${encodeURIComponent(id)}`);
}

export function useDeleteTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTip,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: tipQueryKey(id) });
      // Guides that used it now show a custom item instead.
      refreshInBackground(queryClient, ['content'], ['tips', 'options'], ['guides']);
    },
  });
}
