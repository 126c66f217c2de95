import { useQuery } from '@tanstack/react-query';
import type { OfflineStatus } from '@/sw/messages';
import { askWorker } from '@/sw/client';

export const OFFLINE_STATUS_KEY = ['offline-status'] as const;

/** What the service worker holds for the member (null: no worker runs this page). */
export async function getOfflineStatus(): Promise<OfflineStatus | null> {
  return (await askWorker({ type: 'status' })) ?? null;
}

/** The device's offline copy: asked of the service worker, never of the server. */
export function useOfflineStatus() {
  return useQuery({ queryKey: OFFLINE_STATUS_KEY, queryFn: getOfflineStatus, networkMode: 'always', staleTime: 0 });
}
