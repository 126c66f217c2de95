import type { ReactNode } from 'react';
import { type FailableQuery, QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

type ContentGridProps = {
  /** The list's query: when it failed (or waits for the network) with nothing to show, the grid says so instead of its empty state. */
  query: FailableQuery;
  isPending: boolean;
  isEmpty: boolean;
  empty: ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  children: ReactNode;
};

/** The card grid's columns by width; use-grid-columns.ts mirrors these breakpoints for the windowed grid. */
export const CARD_GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3';

/** Cards in a grid with skeletons while loading, an empty state, and Load more / infinite scroll. */
export function ContentGrid({
  query,
  isPending,
  isEmpty,
  empty,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  children,
}: ContentGridProps) {
  if (hasQueryFailed(query)) return <QueryFailure query={query} />;
  if (isPending) return <ContentGridSkeleton />;
  if (isEmpty) return <>{empty}</>;
  return (
    <div className="grid gap-6">
      <ul className={CARD_GRID} aria-label="Content">
        {children}
      </ul>
      <LoadMoreButton query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} isLoadedOnScroll />
    </div>
  );
}

export function ContentGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className={CARD_GRID} aria-label="Loading content" aria-busy>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Card className="overflow-hidden">
            <Skeleton className="aspect-[16/10] rounded-none" />
            <div className="grid gap-2 p-4">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
