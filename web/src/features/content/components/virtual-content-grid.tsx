import { type CSSProperties, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { type VirtualItem, useWindowVirtualizer } from '@tanstack/react-virtual';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsServerPass } from '@/lib/use-server-pass';
import { cn } from '@/lib/utils';
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

/** CARD_GRID's gap (gap-5): between rows as between cards. */
const ROW_GAP = 20;
const ESTIMATED_ROW = 380;

/**
 * The card grid for long lists (issue 7): only the rows on screen, plus a few either side, are in
 * the DOM. Rows keep their place in the whole list, so when the query drops pages far above, the
 * scroll position does not move; those rows show placeholders of their measured height and are
 * fetched again when scrolled back to. The Load more button below pages in as it comes into view.
 */
export function VirtualContentGrid<T>(props: VirtualContentGridProps<T>) {
  return (
    <div className="grid gap-6">
      <WindowedGrid {...props} />
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
 * Row heights measured, by history entry and column count: Back to the list lays the rows out
 * as they were, so the scroll position React Router restores shows the same cards (issue 21),
 * not the place the estimated heights would put them.
 */
const measuredRows = new Map<string, VirtualItem[]>();
const MAX_REMEMBERED_LISTS = 20;

/** The window's size, for a virtualizer that has not measured it yet. */
const windowRect = () => (typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight });

/**
 * One CSS grid whose cells are the cards themselves (ADR 100). The server, which knows neither
 * the window's width nor its scroll position, draws the first screen's cards in it, and the
 * grid's breakpoints (CARD_GRID, mirrored by use-grid-columns.ts) lay them out at any width.
 * Hydration keeps those elements, and the windowed form that follows is the same grid with the
 * same keyed cells: the rows above the window become the grid's top padding, those below its
 * height. So a card pressed while the scripts take over is still the card when the press ends
 * (issue 36).
 */
function WindowedGrid<T>({ list, getKey, renderItem }: VirtualContentGridProps<T>) {
  const isServerPass = useIsServerPass();
  // Taking a drawn grid over, the windowed rows start from the window's size, so the drawn cards
  // are in the first of them. Otherwise they start empty until the window is measured: on Back,
  // the first rows drawn are then those at the position React Router restores.
  const [isTakingOver] = useState(isServerPass);
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
    initialRect: isTakingOver ? windowRect() : undefined,
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

  const rows = isServerPass ? [] : virtualizer.getVirtualItems();
  const needsPrevious = rows.some((row) => row.index < firstLoadedRow);
  const { hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = list;
  useEffect(() => {
    if (needsPrevious && hasPreviousPage && !isFetchingPreviousPage) void fetchPreviousPage();
  }, [needsPrevious, hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage]);

  const cell = (item: T, index: number, row?: VirtualItem) => (
    <div
      key={getKey(item)}
      role="listitem"
      // A row's first cell is as tall as its row (grid cells stretch): the virtualizer measures it.
      data-index={row?.index}
      ref={row ? virtualizer.measureElement : undefined}
    >
      {renderItem(item, index)}
    </div>
  );

  let cells: ReactNode[];
  let style: CSSProperties | undefined;
  if (isServerPass) {
    cells = list.items.slice(0, FIRST_SCREEN_ITEMS).map((item, i) => cell(item, list.firstIndex + i));
  } else {
    cells = rows.flatMap((row) => {
      const start = row.index * columns;
      if (start < list.firstIndex) {
        return Array.from({ length: columns }, (_, i) => (
          <Skeleton key={`placeholder-${start + i}`} className="rounded-xl" style={{ height: row.size }} aria-hidden />
        ));
      }
      const items = list.items.slice(start - list.firstIndex, start - list.firstIndex + columns);
      return items.map((item, i) => cell(item, start + i, i === 0 ? row : undefined));
    });
    const top = rows.length > 0 ? rows[0]!.start - scrollMargin : 0;
    style = { paddingTop: top, height: virtualizer.getTotalSize() };
  }

  return (
    // Rows come and go at the top as the window scrolls: the virtualizer keeps the scroll
    // position, the browser's scroll anchoring must not move it a second time.
    <div
      ref={containerRef}
      role="list"
      aria-label="Content"
      className={cn(CARD_GRID, 'content-start [overflow-anchor:none]')}
      style={style}
    >
      {cells}
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
