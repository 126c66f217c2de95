import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareLinkState } from '@common/schemas/share-link';
import { api } from '@/lib/api-client';

export const shareLinkQueryKey = (guideId: string) => ['guides', guideId, 'share-link'] as const;

export function getShareLink(guideId: string) {
  return api.get<ShareLinkState>(`/api/guides/${encodeURIComponent(guideId)}/share-link`);
}

export const shareLinkQueryOptions = (guideId: string) =>
  queryOptions({ queryKey: shareLinkQueryKey(guideId), queryFn: () => getShareLink(guideId) });

/** The owner's link of the guide (null: none); read only while the Share dialog is open. */
export function useShareLink(guideId: string, isEnabled: boolean) {
  return useQuery({ ...shareLinkQueryOptions(guideId), enabled: isEnabled });
}
