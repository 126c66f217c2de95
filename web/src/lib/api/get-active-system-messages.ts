import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@common/limits';
import type { SystemMessage } from '@common/schemas/system-message';
import { api } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-events';

export const SYSTEM_MESSAGES_QUERY_KEY = ['system-messages', 'active'] as const;

export function getActiveSystemMessages() {
  return api.get<SystemMessage[]>('/api/system-messages/active');
}

export const activeSystemMessagesQueryOptions = (isLive: boolean) =>
  queryOptions({
    queryKey: SYSTEM_MESSAGES_QUERY_KEY,
    queryFn: getActiveSystemMessages,
    refetchInterval: isLive ? false : POLL_INTERVALS_MS.systemMessages,
  });

/** SPEC 2: the active system messages shown above every member page. */
export function useActiveSystemMessages({ enabled = true }: { enabled?: boolean } = {}) {
  const { isLive } = useLiveStatus();
  return useQuery({ ...activeSystemMessagesQueryOptions(isLive), enabled });
}
