import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Guide, GuideCreate } from '@common/schemas/guide';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';

export function createGuide(input: GuideCreate) {
  return api.post<Guide>('/api/guides', input);
}

export function useCreateGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGuide,
    // Lists, counts, explore and the country filter all may change.
    onSuccess: () => refreshInBackground(queryClient, ['content']),
  });
}
