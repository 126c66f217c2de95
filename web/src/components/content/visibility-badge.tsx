import { EyeOff } from 'lucide-react';
import { VISIBILITY_LABELS, VISIBILITY_TEXTS, type Visibility } from '@common/schemas/visibility';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { VISIBILITY_ICONS } from './visibility-choice';

type VisibilityBadgeProps = { visibility: Visibility; hidden: boolean; isOwn: boolean; className?: string };

/**
 * Says who can see an item that not every member sees: its level, and a moderator's hide. The
 * server sends `hidden` only to those who still see the item (its author and admins); the
 * hint says so to each.
 */
export function VisibilityBadges({ visibility, hidden, isOwn, className }: VisibilityBadgeProps) {
  const Icon = VISIBILITY_ICONS[visibility];
  return (
    <>
      {visibility === 'public' ? null : (
        <Badge className={cn('bg-foreground/80 text-background shadow-sm', className)}>
          <Icon className="size-3" aria-hidden />
          {VISIBILITY_LABELS[visibility]}
        </Badge>
      )}
      {hidden ? (
        <Badge
          variant="destructive"
          className={cn('shadow-sm', className)}
          title={isOwn ? VISIBILITY_TEXTS.hiddenHint : VISIBILITY_TEXTS.hiddenHintForAdmins}
        >
          <EyeOff className="size-3" aria-hidden />
          {VISIBILITY_TEXTS.hidden}
        </Badge>
      ) : null}
    </>
  );
}
