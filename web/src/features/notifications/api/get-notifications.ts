import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@common/limits';
import type { Notification } from '@common/schemas/notification';
import { api } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-events';
import { notificationKeys, type NotificationFilter } from './keys';

export type NotificationPage = { items: Notification[]; nextCursor: string | null };

const PAGE_SIZE = 20;

export function getNotifications(filter: NotificationFilter, cursor?: string) {
  const params = new URLSearchParams({ filter, limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<NotificationPage>(`/api/notifications?${params}`);
}

export const notificationsQueryOptions = (filter: NotificationFilter, isLive: boolean) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam }) => getNotifications(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: isLive ? false : POLL_INTERVALS_MS.notifications,
  });

export function useNotifications(filter: NotificationFilter) {
  const { isLive } = useLiveStatus();
  return useInfiniteQuery(notificationsQueryOptions(filter, isLive));
}
