import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { type VirtualItem, useWindowVirtualizer } from '@tanstack/react-virtual';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsServerPass } from '@/lib/use-server-pass';
import { CARD_GRID } from './content-grid';
import { useGridColumns } from './use-grid-columns';

/** A windowed infinite query's state (see api/windowed-pages.ts). */
type WindowedList<T> = {
  /** The items held, from position `firstIndex` of the whole list. */
  items: T[];
  firstIndex: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  hasPreviousPage: boolean;
  isFetchingPreviousPage: boolean;
  fetchPreviousPage: () => unknown;
};

type VirtualContentGridProps<T> = {
  list: WindowedList<T>;
  getKey: (item: T) => string;
  /** `index`: the item's position in the whole list. */
  renderItem: (item: T, index: number) => ReactNode;
};

const ROW_GAP = 20;
const ESTIMATED_ROW = 380;

/**
 * The card grid for long lists (issue 7): only the rows on screen, plus a few either side, are in
 * the DOM. Rows keep their place in the whole list, so when the query drops pages far above, the
 * scroll position does not move; those rows show placeholders of their measured height and are
 * fetched again when scrolled back to. The Load more button below pages in as it comes into view.
 */
export function VirtualContentGrid<T>(props: VirtualContentGridProps<T>) {
  const isServerPass = useIsServerPass();
  return (
    <div className="grid gap-6">
      {isServerPass ? <PlainRows {...props} /> : <WindowedRows {...props} />}
      <LoadMoreButton query={props.list} isLoadedOnScroll />
    </div>
  );
}

/**
 * The most cards a first screen shows: two rows of three on a wide screen, more than a phone's
 * screen of one column. The server draws no more, so the HTML stays small to parse.
 */
const FIRST_SCREEN_ITEMS = 6;

/**
 * The first screen's items in a plain CSS grid with the windowed grid's breakpoints
 * (use-grid-columns.ts), for the server, which knows neither the window's width nor its scroll
 * position, and for hydrating its markup (ADR 023). The windowed rows take over on the next render.
 */
function PlainRows<T>({ list, getKey, renderItem }: VirtualContentGridProps<T>) {
  return (
    <div role="list" aria-label="Content" className={CARD_GRID}>
      {list.items.slice(0, FIRST_SCREEN_ITEMS).map((item, i) => (
        <div key={getKey(item)} role="listitem">
          {renderItem(item, list.firstIndex + i)}
        </div>
      ))}
    </div>
  );
}

/**
 * Row heights measured, by history entry and column count: Back to the list lays the rows out
 * as they were, so the scroll position React Router restores shows the same cards (issue 21),
 * not the place the estimated heights would put them.
 */
const measuredRows = new Map<string, VirtualItem[]>();
const MAX_REMEMBERED_LISTS = 20;

function WindowedRows<T>({ list, getKey, renderItem }: VirtualContentGridProps<T>) {
  const columns = useGridColumns();
  const { key: locationKey } = useLocation();
  const measurementsKey = `${locationKey}:${columns}`;
  const containerRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentTop(containerRef);
  const total = list.firstIndex + list.items.length;
  const firstLoadedRow = Math.floor(list.firstIndex / columns);

  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(total / columns),
    estimateSize: () => ESTIMATED_ROW,
    overscan: 2,
    gap: ROW_GAP,
    scrollMargin,
    initialMeasurementsCache: measuredRows.get(measurementsKey),
  });
  useEffect(
    () => () => {
      measuredRows.delete(measurementsKey);
      measuredRows.set(measurementsKey, virtualizer.measurementsCache);
      if (measuredRows.size > MAX_REMEMBERED_LISTS) measuredRows.delete(measuredRows.keys().next().value as string);
    },
    [measurementsKey, virtualizer],
  );
  // Row heights were measured for another column count.
  useEffect(() => virtualizer.measure(), [columns, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  const needsPrevious = rows.some((row) => row.index < firstLoadedRow);
  const { hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = list;
  useEffect(() => {
    if (needsPrevious && hasPreviousPage && !isFetchingPreviousPage) void fetchPreviousPage();
  }, [needsPrevious, hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage]);

  return (
    <div ref={containerRef} role="list" aria-label="Content" className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {rows.map((row) => {
        const start = row.index * columns;
        const isLoaded = start >= list.firstIndex;
        return (
          <div
            key={row.key}
            role="none"
            data-index={row.index}
            ref={isLoaded ? virtualizer.measureElement : undefined}
            className="absolute top-0 left-0 grid w-full gap-5"
            style={{
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              transform: `translateY(${row.start - scrollMargin}px)`,
              height: isLoaded ? undefined : row.size,
            }}
          >
            {isLoaded
              ? list.items.slice(start - list.firstIndex, start - list.firstIndex + columns).map((item, i) => (
                  <div key={getKey(item)} role="listitem">
                    {renderItem(item, start + i)}
                  </div>
                ))
              : Array.from({ length: columns }, (_, i) => <Skeleton key={i} className="h-full rounded-xl" aria-hidden />)}
          </div>
        );
      })}
    </div>
  );
}

/** The element's distance from the top of the document (the virtualizer's scroll margin). */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const update = () => setTop(Math.round(node.getBoundingClientRect().top + window.scrollY));
    update();
    // Filters, tabs and toasts above the list can change its offset.
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return top;
}
