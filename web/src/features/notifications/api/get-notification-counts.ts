import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@common/limits';
import type { NotificationCounts } from '@common/schemas/notification';
import { api } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-events';
import { notificationKeys } from './keys';

export function getNotificationCounts() {
  return api.get<NotificationCounts>('/api/notifications/counts');
}

export const notificationCountsQueryOptions = (isLive: boolean) =>
  queryOptions({
    queryKey: notificationKeys.counts,
    queryFn: getNotificationCounts,
    refetchInterval: isLive ? false : POLL_INTERVALS_MS.notifications,
  });

/** The counts behind the tabs and the sidebar's unread badge. */
export function useNotificationCounts({ enabled = true }: { enabled?: boolean } = {}) {
  const { isLive } = useLiveStatus();
  return useQuery({ ...notificationCountsQueryOptions(isLive), enabled });
}
