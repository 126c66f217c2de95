import { describe, expect, it } from 'vitest';
import { MAX_PAGES, PAGE_SIZE, type PageParam, firstItemIndex, firstPageParam, windowedPaging } from './windowed-pages';

describe('windowed paging', () => {
  it('chains page params forward and back, so a dropped page can be fetched again', () => {
    const second = windowedPaging.getNextPageParam({ nextCursor: 'c1' }, [], firstPageParam);
    expect(second).toEqual({ cursor: 'c1', index: 1, previous: firstPageParam });
    const third = windowedPaging.getNextPageParam({ nextCursor: 'c2' }, [], second!);
    expect(third?.index).toBe(2);
    expect(windowedPaging.getPreviousPageParam(null, [], third!)).toBe(second);
    expect(windowedPaging.getPreviousPageParam(null, [], second!)).toBe(firstPageParam);
    expect(windowedPaging.getPreviousPageParam(null, [], firstPageParam)).toBeUndefined();
    expect(windowedPaging.getNextPageParam({ nextCursor: null }, [], third!)).toBeUndefined();
  });

  it('keeps a bounded window and places it in the whole list', () => {
    expect(windowedPaging.maxPages).toBe(MAX_PAGES);
    expect(firstItemIndex(undefined)).toBe(0);
    const fourth: PageParam = { cursor: 'c3', index: 3 };
    expect(firstItemIndex({ pageParams: [fourth, { cursor: 'c4', index: 4 }] })).toBe(3 * PAGE_SIZE);
  });
});
