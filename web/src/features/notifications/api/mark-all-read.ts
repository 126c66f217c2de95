import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { notificationKeys } from './keys';

export function markAllNotificationsRead() {
  return api.post<{ updated: number }>('/api/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => refreshInBackground(queryClient, notificationKeys.all),
  });
}
