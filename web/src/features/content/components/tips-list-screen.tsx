import { Link } from 'react-router';
import { ArrowLeft, BookOpen, Lightbulb, Plus } from 'lucide-react';
import { CONTENT_TEXTS } from '@common/content-texts';
import type { ContentTab } from '@common/schemas/content';
import { Button } from '@/components/ui/button';
import { useUserContent } from '../api/get-user-content';
import { useUserContentCounts } from '../api/get-user-content-counts';
import { ContentCard } from './content-card';
import { ContentGrid } from './content-grid';
import { CONTENT_TABS, ContentTabs } from './content-tabs';
import { EmptyState } from './empty-state';
import { useErrorToast } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/document-title';
import { useTabParam } from '@/components/navigation/use-tab-param';

const EMPTY: Record<ContentTab, string> = {
  all: CONTENT_TEXTS.noContentYet,
  tips: CONTENT_TEXTS.noTipsYet,
  guides: CONTENT_TEXTS.noGuidesYet,
};

/** "James'" for a name ending in s, else "Anna's" (docs/product.md#texts-word-for-word). */
export function possessive(name: string) {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}

type TipsListScreenProps = {
  viewerId: string;
  /** Whose content; the viewer's own when equal to viewerId. */
  userId: string;
  userName?: string;
  /** Another member's profile URL, for Back to profile. */
  profilePath?: string;
};

export function TipsListScreen({ viewerId, userId, userName, profilePath }: TipsListScreenProps) {
  // In the URL (?tab=), so a reload, Back and a shared link keep it (ADR 046).
  const [tab, setTab] = useTabParam(CONTENT_TABS, 'all');
  const isOwn = userId === viewerId;
  const counts = useUserContentCounts(userId);
  const title = isOwn ? 'My Tips & Guides' : `${possessive(userName || 'User')} Tips & Guides`;
  useDocumentTitle(title);

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          {!isOwn && profilePath ? (
            <Button asChild variant="ghost" size="sm" className="justify-self-start -ml-2">
              <Link to={profilePath}>
                <ArrowLeft aria-hidden />
                Back to profile
              </Link>
            </Button>
          ) : null}
          <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">
            {isOwn ? 'Everything you have shared, public and private.' : 'Tips and guides shared with the community.'}
          </p>
        </div>
        {isOwn ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/new-tip">
                <Lightbulb aria-hidden />
                Create a Tip
              </Link>
            </Button>
            <Button asChild>
              <Link to="/new-guide">
                <BookOpen aria-hidden />
                Create a Guide
              </Link>
            </Button>
          </div>
        ) : null}
      </header>
      <ContentTabs value={tab} onValueChange={setTab} counts={counts.data}>
        <UserContentList viewerId={viewerId} userId={userId} tab={tab} isOwn={isOwn} />
      </ContentTabs>
    </div>
  );
}

function UserContentList({
  viewerId,
  userId,
  tab,
  isOwn,
}: {
  viewerId: string;
  userId: string;
  tab: ContentTab;
  isOwn: boolean;
}) {
  const list = useUserContent(userId, tab);
  useErrorToast(list.isError, 'Failed to load content');
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ContentGrid
      query={list}
      isPending={list.isPending}
      isEmpty={items.length === 0}
      hasNextPage={list.hasNextPage}
      isFetchingNextPage={list.isFetchingNextPage}
      fetchNextPage={() => void list.fetchNextPage()}
      empty={
        <EmptyState
          title={EMPTY[tab]}
          description={isOwn ? 'Share a place you loved or plan a trip day by day.' : undefined}
          action={
            isOwn ? (
              <Button asChild>
                <Link to="/new-tip">
                  <Plus aria-hidden />
                  Create Your First Tip
                </Link>
              </Button>
            ) : null
          }
        />
      }
    >
      {items.map((item) => (
        <li key={`${item.kind}-${item.id}`}>
          <ContentCard item={item} viewerId={viewerId} />
        </li>
      ))}
    </ContentGrid>
  );
}
