import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Guide, GuideUpdate } from '@common/schemas/guide';
import { api } from '@/lib/api-client';
import { guideQueryKey, guideUrl } from './get-guide';
import { guideMapQueryKey } from './get-guide-map';
import { refreshInBackground } from '@/lib/query-client';
import { keepOffline } from '@/sw/client';

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
      // The offline copy is the edited guide, not the one read before (ADR 102).
      keepOffline(guideUrl(guide.id));
    },
  });
}
