import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Guide, GuideCreate } from '@common/schemas/guide';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { keepOffline } from '@/sw/client';
import { guideUrl } from './get-guide';

export function createGuide(input: GuideCreate) {
  return api.post<Guide>('/api/guides', input);
}

export function useCreateGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGuide,
    onSuccess: (guide) => {
      // Lists, counts, explore and the country filter all may change.
      refreshInBackground(queryClient, ['content']);
      // What the member writes reads offline (ADRs 071, 102).
      keepOffline(guideUrl(guide.id));
    },
  });
}
