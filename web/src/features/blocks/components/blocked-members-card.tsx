import { Ban } from 'lucide-react';
import { BLOCK_TEXTS, type BlockedMember } from '@common/schemas/block';
import { QueryFailure, hasQueryFailed } from '@/components/feedback/query-failure';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessageOr } from '@/lib/api-client';
import { memberName } from '@/lib/display-name';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { useBlockedMembers } from '../api/get-blocked-members';
import { useUnblockMember } from '../api/unblock-member';

/** The own profile's "Blocked members" (issue 25): whom the member blocked, each with Unblock. */
export function BlockedMembersCard() {
  const blocked = useBlockedMembers();
  const items = blocked.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Ban className="size-5 text-primary" aria-hidden />
          {BLOCK_TEXTS.blockedMembersTitle}
        </CardTitle>
        <CardDescription>Members you blocked cannot see you, and you do not see them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {hasQueryFailed(blocked) ? (
          <QueryFailure query={blocked} />
        ) : blocked.isPending ? (
          <div role="status">
            <span className="sr-only">Loading blocked members...</span>
            <Skeleton className="h-12" />
          </div>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{BLOCK_TEXTS.blockedMembersEmpty}</p>
        ) : (
          <>
            <ul className="grid gap-2" aria-label={BLOCK_TEXTS.blockedMembersTitle}>
              {items.map((member) => (
                <BlockedMemberRow key={member.userId} member={member} />
              ))}
            </ul>
            <LoadMoreButton query={blocked} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BlockedMemberRow({ member }: { member: BlockedMember }) {
  const unblock = useUnblockMember();
  const name = memberName(member);
  const focusAfterRemoval = useFocusAfterRemoval();
  const onUnblock = (control: HTMLElement) => {
    focusAfterRemoval(control);
    unblock.mutate(member.userId, {
      onSuccess: () => notifySuccess(BLOCK_TEXTS.unblocked(name)),
      onError: (error) => notifyError(serverMessageOr(error, BLOCK_TEXTS.unblockFailed)),
    });
  };
  return (
    <li data-focus-item className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
      <div className="grid min-w-0">
        <span className="truncate font-medium">{name}</span>
        {member.username ? <span className="truncate text-sm text-muted-foreground">@{member.username}</span> : null}
      </div>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={unblock.isPending}
        onClick={(event) => onUnblock(event.currentTarget)}
        aria-label={`${BLOCK_TEXTS.unblock} ${name}`}
      >
        {unblock.isPending ? 'Unblocking...' : BLOCK_TEXTS.unblock}
      </Button>
    </li>
  );
}
