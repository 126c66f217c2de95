import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareLinkState } from '@common/schemas/share-link';
import { api } from '@/lib/api-client';
import { shareLinkQueryKey } from './get-share-link';

export function revokeShareLink(guideId: string) {
  return api.delete<void>(`/api/guides/${encodeURIComponent(guideId)}/share-link`);
}

export function useRevokeShareLink(guideId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => revokeShareLink(guideId),
    onSuccess: () => queryClient.setQueryData<ShareLinkState>(shareLinkQueryKey(guideId), { link: null }),
  });
}
