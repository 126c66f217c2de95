import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tip, TipInput } from '@common/schemas/tip';
import { api } from '@/lib/api-client';
import { tipQueryKey, tipUrl } from './get-tip';
import { refreshInBackground } from '@/lib/query-client';
import { keepOffline } from '@/sw/client';

export function updateTip({ id, input }: { id: string; input: TipInput }) {
  return api.put<Tip>(`/api/tips/${encodeURIComponent(id)}`, input);
}

export function useUpdateTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTip,
    onSuccess: (tip) => {
      queryClient.setQueryData(tipQueryKey(tip.id), tip);
      refreshInBackground(queryClient, ['content'], ['tips', 'options']);
      // The offline copy is the edited tip, not the one read before (ADR 102).
      keepOffline(tipUrl(tip.id));
    },
  });
}
