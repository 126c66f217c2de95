import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemMessageInput } from '@common/schemas/admin';
import type { SystemMessage } from '@common/schemas/system-message';
import { api } from '@/lib/api-client';
import { refreshInBackground } from '@/lib/query-client';
import { SYSTEM_MESSAGES_QUERY_KEY } from '@/lib/api/get-active-system-messages';
import { ADMIN_KEYS } from './admin-keys';

export const getAdminSystemMessages = () => api.get<SystemMessage[]>('/api/admin/system-messages');

export const adminSystemMessagesQueryOptions = () =>
  queryOptions({ queryKey: ADMIN_KEYS.systemMessages, queryFn: getAdminSystemMessages, staleTime: 0 });

export function useAdminSystemMessages() {
  return useQuery(adminSystemMessagesQueryOptions());
}

/** The admin's own banners change too, so the shell's active list is refreshed with the admin list. */
function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () => refreshInBackground(queryClient, ADMIN_KEYS.systemMessages, SYSTEM_MESSAGES_QUERY_KEY);
}

export function useSaveSystemMessage() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: SystemMessageInput }) =>
      id
        ? api.put<SystemMessage>(`/api/admin/system-messages/${encodeURIComponent(id)}`, input)
        : api.post<SystemMessage>('/api/admin/system-messages', input),
    onSettled: refresh,
  });
}

export function useSetSystemMessageActive() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api.patch<SystemMessage>(`/api/admin/system-messages/${encodeURIComponent(id)}/active`, { isActive }),
    onSettled: refresh,
  });
}
