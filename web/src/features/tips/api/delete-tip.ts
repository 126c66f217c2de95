import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tipQueryKey } from './get-tip';

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
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['content'] }),
        queryClient.invalidateQueries({ queryKey: ['tips', 'options'] }),
        queryClient.invalidateQueries({ queryKey: ['guides'] }),
      ]);
    },
  });
}
