import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { CONTENT_TEXTS } from '@common/content-texts';
import type { ContentTab } from '@common/schemas/content';
import { useExplore } from '../api/get-explore';
import { useExploreCounts } from '../api/get-explore-counts';
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
  const counts = useExploreCounts({ q: search.value, country: country.value });

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
      />
      {hasMapView ? <ViewSwitch value={view} onChange={setView} /> : null}
      <ContentTabs value={tab} onValueChange={setTab} counts={counts.data}>
        {isMap && renderMap ? (
          renderMap({ q: search.value, country: country.value })
        ) : (
          <ExploreList viewerId={viewerId} tab={tab} q={search.value} country={country.value} />
        )}
      </ContentTabs>
    </div>
  );
}

function ExploreList({ viewerId, tab, q, country }: { viewerId: string; tab: ContentTab; q: string; country: string }) {
  const list = useExplore({ type: tab, q, country });
  useErrorToast(list.isError, 'Failed to load content');
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isFiltered = Boolean(q || country);

  // Offline or the server gone: say so, never 'No content found' (issue 19).
  if (hasQueryFailed(list)) return <QueryFailure query={list} />;
  if (list.isPending) return <ContentGridSkeleton />;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={EMPTY[tab]}
        description={isFiltered ? 'Try another search or country.' : 'Be the first to share something.'}
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
