import { useRef, useState } from 'react';
import { Ban, EllipsisVertical, UserMinus } from 'lucide-react';
import { BLOCK_TEXTS } from '@common/schemas/block';
import { ConfirmActionDialog } from './confirm-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { useBlockMember } from '../api/block-member';
import { useRelation } from '../api/get-relation';
import { useRemoveConnection } from '../api/remove-connection';

type MemberActionsMenuProps = {
  member: { userId: string; name: string };
  /**
   * The accepted connection to offer "Remove connection" for: an id, null for none, or
   * undefined to ask the server (the member's profile page).
   */
  connectionId?: string | null;
  /** After a block: e.g. leave the profile, which is gone for the viewer now. */
  onBlocked?: () => void;
};

/** "More actions" on a member's profile and cards: Remove connection, Block (each confirmed). */
export function MemberActionsMenu({ member, connectionId, onBlocked }: MemberActionsMenuProps) {
  const [asking, setAsking] = useState<'block' | 'remove' | null>(null);
  const relation = useRelation(member.userId, connectionId === undefined);
  const block = useBlockMember();
  const remove = useRemoveConnection();
  // A block or a removal takes the member's card out of its list: focus goes to a neighbour (issue 36).
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusAfterRemoval = useFocusAfterRemoval();
  const connection =
    connectionId !== undefined ? connectionId : relation.data?.relation === 'connected' ? relation.data.connectionId : null;

  const onBlock = () => {
    focusAfterRemoval(triggerRef.current);
    block.mutate(member.userId, {
      onSuccess: () => {
        notifySuccess(BLOCK_TEXTS.blocked(member.name));
        onBlocked?.();
      },
      onError: (error) => notifyError(serverMessageOr(error, BLOCK_TEXTS.blockFailed)),
    });
  };
  const onRemove = (id: string) => {
    focusAfterRemoval(triggerRef.current);
    remove.mutate(
      { connectionId: id, memberId: member.userId },
      {
        onSuccess: () => notifySuccess(BLOCK_TEXTS.removed),
        onError: (error) => notifyError(serverMessageOr(error, BLOCK_TEXTS.removeFailed)),
      },
    );
  };

  return (
    <>
      {/* Not modal: the confirmation dialog opens from it, and two modal layers fight over focus. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            type="button"
            variant="outline"
            size="icon"
            aria-label={`${BLOCK_TEXTS.moreActions}: ${member.name}`}
          >
            <EllipsisVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {connection ? (
            <DropdownMenuItem onSelect={() => setAsking('remove')} disabled={remove.isPending}>
              <UserMinus aria-hidden />
              {BLOCK_TEXTS.removeConnection}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => setAsking('block')} disabled={block.isPending} className="text-destructive">
            <Ban aria-hidden />
            {BLOCK_TEXTS.block}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmActionDialog
        open={asking === 'block'}
        onOpenChange={(open) => setAsking(open ? 'block' : null)}
        title={BLOCK_TEXTS.blockTitle(member.name)}
        description={BLOCK_TEXTS.blockExplanation}
        confirmLabel={BLOCK_TEXTS.block}
        onConfirm={onBlock}
      />
      <ConfirmActionDialog
        open={asking === 'remove'}
        onOpenChange={(open) => setAsking(open ? 'remove' : null)}
        title={BLOCK_TEXTS.removeTitle(member.name)}
        description={BLOCK_TEXTS.removeExplanation}
        confirmLabel={BLOCK_TEXTS.removeConnection}
        onConfirm={() => connection && onRemove(connection)}
      />
    </>
  );
}
