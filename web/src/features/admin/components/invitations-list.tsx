import { Inbox } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useInvitations } from '../api/get-invitations';
import { InvitationCard } from './invitation-card';

export function InvitationsList() {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInvitations();
  // SPEC 8: a failed admin list load is silent; it shows as an empty list.
  const invitations = data?.pages.flatMap((page) => page.items) ?? [];

  if (invitations.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
          <Inbox className="size-8" aria-hidden />
          <p>No invitation requests yet.</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" aria-label="Invitation requests">
        {invitations.map((invitation) => (
          <li key={invitation.id}>
            <InvitationCard invitation={invitation} />
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
