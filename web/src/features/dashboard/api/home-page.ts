import type { HomePage } from '@common/schemas/home';

/** Cards per page on the home screen: two rows of the three-column grid. */
export const HOME_PAGE_SIZE = 6;

/** A home list's URL for one page. */
export function homeListUrl(path: '/api/home/feed' | '/api/home/popular', cursor?: string) {
  const params = new URLSearchParams({ limit: String(HOME_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return `${path}?${params.toString()}`;
}

/** Shared by both lists: keyset pages followed by nextCursor; refetched whenever the home opens. */
export const homePaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: HomePage) => page.nextCursor ?? undefined,
  staleTime: 0,
};
