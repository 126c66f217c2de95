import { useMutation } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { MODERATION_TEXTS } from '@common/schemas/moderation';
import { VISIBILITY_TEXTS } from '@common/schemas/visibility';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { postModeration } from '@/lib/api/post-moderation';
import { useMe } from '@/lib/api/get-me';
import { notifyError, notifySuccess } from '@/lib/notify';

interface ModeratorUnhideProps {
  target: 'tip' | 'guide';
  targetId: string;
  hidden: boolean;
  /** Called once the item is shown again: the page refreshes what it shows of it. */
  onShown: () => void;
}

/**
 * A moderator's hide is reversible (issue 25): once it closed the reports, the item left the
 * Reports tab, so an admin who opens it finds "Unhide" here, on the item itself.
 */
export function ModeratorUnhide({ target, targetId, hidden, onShown }: ModeratorUnhideProps) {
  const { data: me } = useMe();
  const unhide = useMutation({
    mutationFn: () => postModeration({ action: 'unhide', target, targetId }),
    onSuccess: () => {
      notifySuccess(MODERATION_TEXTS.shownAgain);
      onShown();
    },
    onError: (error) => notifyError(serverMessageOr(error, MODERATION_TEXTS.actionFailed)),
  });
  if (!hidden || me?.role !== 'admin') return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <span className="inline-flex items-center gap-2">
        <EyeOff className="size-4 shrink-0 text-destructive" aria-hidden />
        {VISIBILITY_TEXTS.hiddenHintForAdmins}
      </span>
      <Button type="button" variant="outline" size="sm" disabled={unhide.isPending} onClick={() => unhide.mutate()}>
        <Eye aria-hidden />
        {MODERATION_TEXTS.unhide}
      </Button>
    </div>
  );
}
