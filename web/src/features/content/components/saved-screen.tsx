import { Link } from 'react-router';
import { Bookmark, BookmarkX, Compass } from 'lucide-react';
import type { ContentTab, SavedItem } from '@common/schemas/content';
import { Button } from '@/components/ui/button';
import { notifyError, notifySuccess, useErrorToast } from '@/lib/notify';
import { useSaved } from '../api/get-saved';
import { useSavedCounts } from '../api/get-saved-counts';
import { useRemoveSaved } from '../api/remove-saved';
import { ContentCard } from './content-card';
import { ContentGrid } from './content-grid';
import { CONTENT_TABS, ContentTabs } from './content-tabs';
import { EmptyState } from './empty-state';
import { SearchBox } from './search-box';
import { useSearchParam } from './use-search-param';
import { useDocumentTitle } from '@/lib/document-title';
import { useTabParam } from '@/components/navigation/use-tab-param';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

const EMPTY: Record<ContentTab, string> = {
  all: 'Nothing saved yet',
  tips: 'No saved tips yet',
  guides: 'No saved guides yet',
};

export function SavedScreen({ viewerId }: { viewerId: string }) {
  // The tab and filters live in the URL: a reload, Back and a shared link keep them (ADR 046).
  const [tab, setTab] = useTabParam(CONTENT_TABS, 'all');
  useDocumentTitle('Saved');
  const search = useSearchParam('q', { debounce: true });
  const counts = useSavedCounts(search.value);

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">Saved</h1>
        <p className="text-sm text-muted-foreground">Tips and guides you kept for your next trip.</p>
      </header>
      <SearchBox
        value={search.input}
        onChange={search.setInput}
        placeholder="Search saved tips and guides..."
        label="Search saved items"
      />
      <ContentTabs value={tab} onValueChange={setTab} counts={counts.data}>
        <SavedList viewerId={viewerId} tab={tab} q={search.value} />
      </ContentTabs>
    </div>
  );
}

function SavedList({ viewerId, tab, q }: { viewerId: string; tab: ContentTab; q: string }) {
  const list = useSaved({ type: tab, q });
  useErrorToast(list.isError, 'Failed to load saved items');
  const saved = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ContentGrid
      query={list}
      isPending={list.isPending}
      isEmpty={saved.length === 0}
      hasNextPage={list.hasNextPage}
      isFetchingNextPage={list.isFetchingNextPage}
      fetchNextPage={() => void list.fetchNextPage()}
      empty={
        <EmptyState
          icon={Bookmark}
          title={q ? 'No saved items match your search' : EMPTY[tab]}
          description="Explore the community's tips and guides and save the ones you want to keep."
          action={
            <Button asChild>
              <Link to="/explore">
                <Compass aria-hidden />
                Explore content
              </Link>
            </Button>
          }
        />
      }
    >
      {saved.map((entry) => (
        <li key={entry.id} data-focus-item>
          <ContentCard item={entry.item} viewerId={viewerId} footer={<RemoveSavedButton entry={entry} />} />
        </li>
      ))}
    </ContentGrid>
  );
}

function RemoveSavedButton({ entry }: { entry: SavedItem }) {
  const remove = useRemoveSaved();
  const noun = entry.item.kind === 'tip' ? 'Tip' : 'Guide';
  // The card leaves the list: focus goes to the next card's button, not the page (issue 36).
  const focusAfterRemoval = useFocusAfterRemoval();
  const onClick = (control: HTMLElement) => {
    focusAfterRemoval(control);
    remove.mutate(entry.id, {
      onSuccess: () => notifySuccess('Removed from saved', `${noun} removed from your saved items`),
      onError: () => notifyError('Failed to remove from saved items'),
    });
  };

  return (
    <Button
      variant="ghost"
      size="sm"
      className="w-full text-destructive hover:bg-destructive/10 hover:text-destructive"
      disabled={remove.isPending}
      onClick={(event) => onClick(event.currentTarget)}
    >
      <BookmarkX aria-hidden />
      {remove.isPending ? 'Removing...' : 'Remove from Saved'}
    </Button>
  );
}
