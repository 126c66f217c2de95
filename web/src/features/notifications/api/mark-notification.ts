import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@common/schemas/notification';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { notificationKeys } from './keys';

export type MarkNotificationInput = { id: string; isRead: boolean };

/** POST /api/notifications/:id/read or /:id/unread. */
export function markNotification({ id, isRead }: MarkNotificationInput) {
  return api.post<Notification>(`/api/notifications/${encodeURIComponent(id)}/${isRead ? 'read' : 'unread'}`);
}

export function useMarkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotification,
    onSuccess: () => refreshInBackground(queryClient, notificationKeys.all),
  });
}
