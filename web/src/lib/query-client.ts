import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) will not change on retry; network and 5xx failures get one more try. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

type QueryClientOptions = {
  /** Called when any request answers 401, e.g. an expired session. */
  onUnauthorized?: (client: QueryClient) => void;
};

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}) {
  const handleError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      // Offline, reads still go out: the service worker answers them from the member's offline
      // copy (ADR 071); TanStack's default ('online') would hold them until the network is back.
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      // A change is never held back silently until the network returns: it fails at once with
      // the offline message (api-client.ts) and the form keeps what was typed.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return client;
}

/**
 * Marks cached queries stale and refetches them in the background, without waiting. Mutation
 * hooks call this rather than returning the invalidation promise: a returned promise delays the
 * caller's own `mutate(..., { onSuccess })` until the refetch is done, by which time the calling
 * component (a card whose item was just removed, say) may be gone, and TanStack Query then drops
 * its callbacks: no toast, no navigation.
 */
export function refreshInBackground(client: QueryClient, ...queryKeys: QueryKey[]): void {
  for (const queryKey of queryKeys) void client.invalidateQueries({ queryKey });
}
