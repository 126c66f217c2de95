import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tip, TipInput } from '@common/schemas/tip';
import { api } from '@/lib/api-client';
import { tipQueryKey } from './get-tip';

export function updateTip({ id, input }: { id: string; input: TipInput }) {
  return api.put<Tip>(`/api/tips/${encodeURIComponent(id)}`, input);
}

export function useUpdateTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTip,
    onSuccess: (tip) => {
      queryClient.setQueryData(tipQueryKey(tip.id), tip);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['content'] }),
        queryClient.invalidateQueries({ queryKey: ['tips', 'options'] }),
      ]);
    },
  });
}
