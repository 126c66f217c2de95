import { Inbox } from 'lucide-react';
import { NoticeCard } from '@/components/ui/notice-card';
import { useInvitations } from '../api/get-invitations';
import { InvitationCard } from './invitation-card';
import { LoadMoreButton } from '@/components/ui/load-more-button';

export function InvitationsList() {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInvitations();
  // docs/product.md#texts-word-for-word: a failed admin list load is silent; it shows as an empty list.
  const invitations = data?.pages.flatMap((page) => page.items) ?? [];

  if (invitations.length === 0) {
    return <NoticeCard icon={Inbox} titleAs="p" title="No invitation requests yet." />;
  }

  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" aria-label="Invitation requests">
        {invitations.map((invitation) => (
          <li key={invitation.id} data-focus-item>
            <InvitationCard invitation={invitation} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={{ hasNextPage, isFetchingNextPage, fetchNextPage }} />
    </div>
  );
}
