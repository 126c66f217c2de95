import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareLink, ShareLinkInput, ShareLinkState } from '@common/schemas/share-link';
import { api } from '@/lib/api-client';
import { shareLinkQueryKey } from './get-share-link';

/** Creates the guide's link, or changes its expiry (the link stays the same). */
export function saveShareLink(guideId: string, input: ShareLinkInput) {
  return api.put<ShareLink>(`/api/guides/${encodeURIComponent(guideId)}/share-link`, input);
}

export function useSaveShareLink(guideId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareLinkInput) => saveShareLink(guideId, input),
    onSuccess: (link) => queryClient.setQueryData<ShareLinkState>(shareLinkQueryKey(guideId), { link }),
  });
}
