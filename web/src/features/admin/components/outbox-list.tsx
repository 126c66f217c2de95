import { MailOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useOutbox } from '../api/get-outbox';
import { OutboxMessageCard } from './outbox-message-card';

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
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
          <MailOpen className="size-8" aria-hidden />
          <p>The outbox is empty.</p>
        </CardContent>
      </Card>
    );
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
      {hasNextPage ? (
        <Button variant="outline" className="justify-self-center" disabled={isFetchingNextPage} onClick={() => fetchNextPage()}>
          {isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
