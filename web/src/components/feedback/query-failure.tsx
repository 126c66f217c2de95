import { useEffect } from 'react';
import { failureKindOf } from '@/lib/network-error';
import { useIsOnline } from '@/lib/use-is-online';
import { FailureNotice } from './failure-notice';

/** The parts of a TanStack query result this needs (plain and infinite queries both fit). */
export type FailableQuery = {
  data: unknown;
  error: unknown;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
};

/** While the server does not answer, try again this often (TanStack refetches on reconnect by itself). */
const RETRY_EVERY_MS = 10_000;

/**
 * A list or screen whose query has nothing to show because it failed, or is paused waiting for
 * the network: it must say so, not show its empty state.
 */
export function hasQueryFailed(query: FailableQuery): boolean {
  return query.data === undefined && (query.isError || query.fetchStatus === 'paused');
}

/**
 * The failed query's notice, with Try again. It recovers by itself: TanStack Query refetches when
 * the browser comes back online, and while the server is unreachable this retries every 10 s.
 */
export function QueryFailure({ query }: { query: FailableQuery }) {
  const isOnline = useIsOnline();
  const kind = query.fetchStatus === 'paused' ? 'offline' : failureKindOf(query.error, isOnline);
  const { refetch } = query;

  useEffect(() => {
    if (kind !== 'unreachable') return;
    const timer = window.setInterval(() => void refetch(), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [kind, refetch]);

  return <FailureNotice kind={kind} onRetry={() => void refetch()} isRetrying={query.fetchStatus === 'fetching'} />;
}
