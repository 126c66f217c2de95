import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { offlineStatus } from '@/sw/client';

export const OFFLINE_STATUS_KEY = ['offline-status'] as const;

/** The device's offline copy: asked of the service worker, never of the server. */
export function useOfflineStatus() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: OFFLINE_STATUS_KEY, queryFn: offlineStatus, networkMode: 'always', staleTime: 0 });
  // A first visit's worker installs: asked again once it is active (ADR 102).
  const isInstalling = query.data?.isInstalling === true;
  useEffect(() => {
    if (!isInstalling) return;
    let isCancelled = false;
    void navigator.serviceWorker.ready.then(async () => {
      if (!isCancelled) await queryClient.invalidateQueries({ queryKey: OFFLINE_STATUS_KEY });
    });
    return () => {
      isCancelled = true;
    };
  }, [isInstalling, queryClient]);
  return query;
}
