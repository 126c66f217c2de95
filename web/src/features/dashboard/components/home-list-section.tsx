import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { HomePage } from '@common/schemas/home';
import { QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { NoticeCard } from '@/components/ui/notice-card';
import { Skeleton } from '@/components/ui/skeleton';
import { HomeCard } from './home-card';

type HomeListSectionProps = {
  id: string;
  title: string;
  description: string;
  query: UseInfiniteQueryResult<InfiniteData<HomePage>>;
  empty: { icon: LucideIcon; title: string; description: string; action: ReactNode };
};

const GRID = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3';

/** One list of the home screen: its heading, then skeletons, the failure notice, the empty state or the cards. */
export function HomeListSection({ id, title, description, query, empty }: HomeListSectionProps) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={id} aria-busy={query.isPending} className="grid min-w-0 gap-4">
      <div>
        <h2 id={id} className="font-display text-xl font-semibold tracking-tight">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {hasQueryFailed(query) ? (
        <QueryFailure query={query} />
      ) : query.isPending ? (
        <div className={GRID} data-testid={`${id}-loading`}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-64 rounded-xl" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <NoticeCard
          icon={empty.icon}
          tone="secondary"
          titleAs="p"
          title={empty.title}
          description={empty.description}
          action={empty.action}
        />
      ) : (
        <>
          <ul className={GRID}>
            {items.map((item) => (
              <li key={`${item.kind}-${item.id}`} className="min-w-0">
                <HomeCard item={item} />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} />
        </>
      )}
    </section>
  );
}
