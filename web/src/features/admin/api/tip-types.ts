import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TipTypeInput } from '@common/schemas/admin';
import type { TipType } from '@common/schemas/tip-type';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { tipTypesQueryOptions } from '@/lib/api/get-tip-types';

export function useSaveTipType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TipTypeInput }) =>
      id
        ? api.put<TipType>(`/api/admin/tip-types/${encodeURIComponent(id)}`, input)
        : api.post<TipType>('/api/admin/tip-types', input),
    onSettled: () => refreshInBackground(queryClient, tipTypesQueryOptions().queryKey),
  });
}
