import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedGuide } from '@common/schemas/share-link';
import { ApiError, api } from '@/lib/api-client';

export const sharedGuideQueryKey = (token: string) => ['shared-guides', token] as const;

export function getSharedGuide(token: string) {
  return api.get<SharedGuide>(`/api/shared/guides/${encodeURIComponent(token)}`);
}

/** A link that does not work (revoked, expired, unknown, malformed) is answered, not retried. */
const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export const sharedGuideQueryOptions = (token: string) =>
  queryOptions({
    queryKey: sharedGuideQueryKey(token),
    queryFn: () => getSharedGuide(token),
    retry: (failures, error) => !isGone(error) && failures < 2,
  });

export function useSharedGuide(token: string) {
  return useQuery(sharedGuideQueryOptions(token));
}

export { isGone as isLinkGone };
