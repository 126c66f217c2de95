import { MailOpen } from 'lucide-react';
import { NoticeCard } from '@/components/ui/notice-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutbox } from '../api/get-outbox';
import { OutboxMessageCard } from './outbox-message-card';
import { LoadMoreButton } from '@/components/ui/load-more-button';

export function OutboxList() {
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useOutbox();

  if (isPending) {
    return (
      <div className="grid gap-4">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }

  const messages = data?.pages.flatMap((page) => page.items) ?? [];
  if (messages.length === 0) {
    return <NoticeCard icon={MailOpen} titleAs="p" title="The outbox is empty." />;
  }

  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" aria-label="Outbox messages">
        {messages.map((message) => (
          <li key={message.id}>
            <OutboxMessageCard message={message} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} />
    </div>
  );
}
