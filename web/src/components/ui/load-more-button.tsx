import { useEffect, useEffectEvent, useRef } from 'react';
import { Button } from '@/components/ui/button';

/** The paging part of a TanStack infinite query. */
type NextPage = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * Loads a keyset list's next page; renders nothing on the last page. With `isLoadedOnScroll`,
 * scrolling the button into view loads the page too (infinite scroll).
 */
export function LoadMoreButton({ query, isLoadedOnScroll = false }: { query: NextPage; isLoadedOnScroll?: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  // The observer outlives renders; it asks for the page with the query of the latest one.
  const loadNextPage = useEffectEvent(() => void query.fetchNextPage());
  const { hasNextPage, isFetchingNextPage } = query;

  useEffect(() => {
    const node = ref.current;
    if (!isLoadedOnScroll || !node || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [isLoadedOnScroll, isFetchingNextPage, hasNextPage]);

  if (!hasNextPage) return null;
  return (
    <Button
      ref={ref}
      variant="outline"
      className="justify-self-center"
      disabled={isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  );
}
