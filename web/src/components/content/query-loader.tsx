import * as React from 'react';
import { useNavigate } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

type QueryLoaderProps<T> = {
  query: UseQueryResult<T>;
  loadingLabel: string;
  /** Shown for a 404: missing, or someone else's private item. */
  notFound: React.ReactNode;
  /** Any other failure: this toast, then back to /tips (docs/product.md#texts-word-for-word). */
  failedMessage: string;
  children: (data: T) => React.ReactNode;
};

/** The detail and edit screens' load states: loading, not found, failed, or the item itself. */
export function QueryLoader<T>({ query, loadingLabel, notFound, failedMessage, children }: QueryLoaderProps<T>) {
  const navigate = useNavigate();
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  const hasFailed = query.isError && !isNotFound;

  React.useEffect(() => {
    if (!hasFailed) return;
    notifyError(failedMessage);
    void navigate('/tips', { replace: true });
  }, [hasFailed, failedMessage, navigate]);

  // Offline the request waits for the network (TanStack pauses it): say so rather than spin.
  if (!query.isError && hasQueryFailed(query)) return <QueryFailure query={query} />;
  if (query.isPending || hasFailed) return <Spinner label={loadingLabel} />;
  if (isNotFound || query.data === undefined) return <>{notFound}</>;
  return <>{children(query.data)}</>;
}
