/**
 * A keyset list that keeps only a window of pages in memory (issue 7: Explore's memory stays flat
 * however far one scrolls). TanStack Query drops the page at the far end when it fetches past
 * `maxPages`; each page's param remembers the params before it, so a dropped page can be fetched
 * again when the reader scrolls back (the API only pages forward, by cursor).
 */

/** Items per page, as contentParams asks for them. */
export const PAGE_SIZE = 12;
/** Pages kept: 60 cards, several screens either side of the viewport at any width. */
export const MAX_PAGES = 5;

export type PageParam = {
  cursor: string | undefined;
  /** The page's position in the whole list, from 0. */
  index: number;
  previous?: PageParam;
};

export const firstPageParam: PageParam = { cursor: undefined, index: 0 };

export const windowedPaging = {
  initialPageParam: firstPageParam,
  maxPages: MAX_PAGES,
  getNextPageParam: (lastPage: { nextCursor: string | null }, _all: unknown, lastParam: PageParam): PageParam | undefined =>
    lastPage.nextCursor ? { cursor: lastPage.nextCursor, index: lastParam.index + 1, previous: lastParam } : undefined,
  getPreviousPageParam: (_first: unknown, _all: unknown, firstParam: PageParam): PageParam | undefined => firstParam.previous,
};

/** The position in the whole list of the first item held (every page but the last is full). */
export function firstItemIndex(data: { pageParams: unknown[] } | undefined): number {
  const first = data?.pageParams[0] as PageParam | undefined;
  return (first?.index ?? 0) * PAGE_SIZE;
}
