import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tip, TipInput } from '@common/schemas/tip';
import { api } from '@/lib/api-client';
import { tipQueryKey, tipUrl } from './get-tip';
import { refreshInBackground } from '@/lib/query-client';
import { keepOffline } from '@/sw/client';

export function createTip(input: TipInput) {
  return api.post<Tip>('/api/tips', input);
}

export function useCreateTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTip,
    onSuccess: (tip) => {
      queryClient.setQueryData(tipQueryKey(tip.id), tip);
      // Lists, explore and the guide editor's tip picker all show it.
      refreshInBackground(queryClient, ['content'], ['tips', 'options']);
      // What the member writes reads offline (ADRs 071, 102).
      keepOffline(tipUrl(tip.id));
    },
  });
}
