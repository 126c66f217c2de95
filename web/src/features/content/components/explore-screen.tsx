import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { CONTENT_TEXTS } from '@common/content-texts';
import { EXPLORE_SORTS, type ContentTab, type ExploreSort } from '@common/schemas/content';
import { useExplore } from '../api/get-explore';
import { useExploreCounts } from '../api/get-explore-counts';
import { useSearchSuggestion } from '../api/get-search-suggestion';
import { QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { ContentCard } from './content-card';
import { firstItemIndex } from '../api/windowed-pages';
import { ContentGridSkeleton } from './content-grid';
import { CONTENT_TABS, ContentTabs } from './content-tabs';
import { EmptyState } from './empty-state';
import { ExploreFilters } from './explore-filters';
import { useErrorToast } from '@/lib/notify';
import { useSearchParam } from './use-search-param';
import { useDocumentTitle } from '@/lib/document-title';
import { useTabParam } from '@/components/navigation/use-tab-param';
import { VirtualContentGrid } from './virtual-content-grid';
import { EXPLORE_VIEWS, ViewSwitch } from './view-switch';
import { MembersFound } from './members-found';

/** Explore's filters as the map reads them (the map itself comes from app/, a feature of its own). */
export type MapFilters = { q: string; country: string };

const EMPTY: Record<ContentTab, string> = {
  all: CONTENT_TEXTS.noContentFound,
  tips: CONTENT_TEXTS.noTipsFound,
  guides: CONTENT_TEXTS.noGuidesFound,
};

type ExploreScreenProps = {
  viewerId: string;
  /** The Map view (issue 22); without it there is no List | Map switch. */
  renderMap?: (filters: MapFilters) => ReactNode;
};

export function ExploreScreen({ viewerId, renderMap }: ExploreScreenProps) {
  // The tab, filters and view live in the URL: a reload, Back and a shared link keep them (ADR 046).
  const [tab, setTab] = useTabParam(CONTENT_TABS, 'all');
  const [view, setView] = useTabParam(EXPLORE_VIEWS, 'list', 'view');
  // Guides have their own route maps: the Guides tab is always a list.
  const hasMapView = renderMap !== undefined && tab !== 'guides';
  const isMap = hasMapView && view === 'map';
  useDocumentTitle('Explore');
  const search = useSearchParam('q', { debounce: true });
  const country = useSearchParam('country');
  // The order and the tip category (issue 36): `?sort=` and `?type=` (the tab is `?tab=`).
  const [sort, setSort] = useTabParam(EXPLORE_SORTS, 'newest', 'sort');
  const tipType = useSearchParam('type');
  const searched = useExploreCounts({ q: search.value, country: country.value, tipType: tipType.value });
  // A search that finds nothing asks for one that does ("lisbn" -> "lisbon", ADR 105) and shows it.
  const foundNothing =
    search.value !== '' &&
    !searched.isPlaceholderData &&
    searched.data !== undefined &&
    searched.data.tips + searched.data.guides === 0;
  const suggestion = useSearchSuggestion(search.value, foundNothing).data?.suggestion ?? null;
  const q = foundNothing && suggestion ? suggestion : search.value;
  const counts = useExploreCounts({ q, country: country.value, tipType: tipType.value });
  const filters = { q, country: country.value, sort, tipType: tipType.value };

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">Explore</h1>
        <p className="text-sm text-muted-foreground">Discover tips and guides from travelers in the community.</p>
      </header>
      <ExploreFilters
        search={search.input}
        onSearchChange={search.setInput}
        country={country.value}
        onCountryChange={country.setInput}
        sort={sort}
        onSortChange={setSort}
        tipType={tipType.value}
        onTipTypeChange={tipType.setInput}
      />
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {q !== search.value ? (
          <>
            No results for “{search.value}”. Showing results for “<span className="font-medium text-foreground">{q}</span>”.
          </>
        ) : null}
      </p>
      {search.value && !isMap ? <MembersFound q={search.value} /> : null}
      {hasMapView ? <ViewSwitch value={view} onChange={setView} /> : null}
      <ContentTabs value={tab} onValueChange={setTab} counts={counts.data}>
        {isMap && renderMap ? (
          renderMap({ q, country: country.value })
        ) : (
          <ExploreList viewerId={viewerId} tab={tab} filters={filters} />
        )}
      </ContentTabs>
    </div>
  );
}

type ListFilters = { q: string; country: string; sort: ExploreSort; tipType: string };

function ExploreList({ viewerId, tab, filters }: { viewerId: string; tab: ContentTab; filters: ListFilters }) {
  const list = useExplore({ type: tab, ...filters });
  useErrorToast(list.isError, 'Failed to load content');
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = Boolean(filters.q || filters.country || filters.tipType);

  // Offline or the server gone: say so, never 'No content found' (issue 19).
  if (hasQueryFailed(list)) return <QueryFailure query={list} />;
  if (list.isPending) return <ContentGridSkeleton />;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={EMPTY[tab]}
        description={isFiltered ? 'Try another search, country or category.' : 'Be the first to share something.'}
      />
    );
  }
  return (
    <VirtualContentGrid
      list={{
        items,
        firstIndex: firstItemIndex(list.data),
        hasNextPage: list.hasNextPage,
        isFetchingNextPage: list.isFetchingNextPage,
        fetchNextPage: list.fetchNextPage,
        hasPreviousPage: list.hasPreviousPage,
        isFetchingPreviousPage: list.isFetchingPreviousPage,
        fetchPreviousPage: list.fetchPreviousPage,
      }}
      getKey={(item) => `${item.kind}-${item.id}`}
      renderItem={(item, index) => <ContentCard item={item} viewerId={viewerId} isAboveFold={index < 3} />}
    />
  );
}
