import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Guide, GuideUpdate } from '@common/schemas/guide';
import { api } from '@/lib/api-client';
import { guideQueryKey } from './get-guide';
import { guideMapQueryKey } from './get-guide-map';
import { refreshInBackground } from '@/lib/query-client';

export function updateGuide({ id, input }: { id: string; input: GuideUpdate }) {
  return api.put<Guide>(`/api/guides/${encodeURIComponent(id)}`, input);
}

export function useUpdateGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuide,
    onSuccess: (guide) => {
      queryClient.setQueryData(guideQueryKey(guide.id), guide);
      // Its stops moved with the itinerary.
      void queryClient.invalidateQueries({ queryKey: guideMapQueryKey(guide.id) });
      refreshInBackground(queryClient, ['content']);
    },
  });
}
