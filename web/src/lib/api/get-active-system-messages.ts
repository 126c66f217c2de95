import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLL_INTERVALS_MS } from '@common/limits';
import type { SystemMessage } from '@common/schemas/system-message';
import { api } from '@/lib/api-client';
import { useLiveStatus } from '@/lib/live-events';
import { ACTIVE_SYSTEM_MESSAGES_URL, SYSTEM_MESSAGES_QUERY_KEY } from './active-system-messages-read';

export { SYSTEM_MESSAGES_QUERY_KEY };

export function getActiveSystemMessages() {
  return api.get<SystemMessage[]>(ACTIVE_SYSTEM_MESSAGES_URL);
}

export const activeSystemMessagesQueryOptions = (isLive: boolean) =>
  queryOptions({
    queryKey: SYSTEM_MESSAGES_QUERY_KEY,
    queryFn: getActiveSystemMessages,
    refetchInterval: isLive ? false : POLL_INTERVALS_MS.systemMessages,
  });

/** docs/product.md#screens: the active system messages shown above every member page, drawn with it (first-paint-pages.ts). */
export function useActiveSystemMessages({ enabled = true }: { enabled?: boolean } = {}) {
  const { isLive } = useLiveStatus();
  return useQuery({ ...activeSystemMessagesQueryOptions(isLive), enabled });
}
