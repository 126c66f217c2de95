import * as React from 'react';
import { Heart } from 'lucide-react';
import type { LikeResult } from '@common/schemas/content';
import type { ContentType } from '@common/schemas/content-fields';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useToggleLike } from './reactions-api';
import { reactionTexts } from './reactions-texts';

type LikeButtonProps = {
  contentType: ContentType;
  contentId: string;
  initialLiked: boolean;
  initialCount: number;
  /** Called with the server's answer, e.g. to update the page's cached item. */
  onChanged?: (result: LikeResult) => void;
  className?: string;
};

/** Like / Liked with the count; shown to signed-in non-owners only (the server refuses the owner). */
export function LikeButton({ contentType, contentId, initialLiked, initialCount, onChanged, className }: LikeButtonProps) {
  const toggle = useToggleLike();
  const [state, setState] = React.useState({ liked: initialLiked, count: initialCount });
  // Follow fresh server data (a refetch) without an effect.
  const [initial, setInitial] = React.useState({ initialLiked, initialCount });
  if (initial.initialLiked !== initialLiked || initial.initialCount !== initialCount) {
    setInitial({ initialLiked, initialCount });
    setState({ liked: initialLiked, count: initialCount });
  }
  const texts = reactionTexts(contentType);

  const onClick = () =>
    toggle.mutate(
      { contentType, contentId },
      {
        onSuccess: (result) => {
          setState({ liked: result.liked, count: result.likesCount });
          if (result.liked) notifySuccess(texts.likedTitle, texts.liked);
          else notifySuccess(texts.unlikedTitle, texts.unliked);
          onChanged?.(result);
        },
        onError: (error) => notifyError(serverMessageOr(error, texts.likeFailed)),
      },
    );

  return (
    <Button
      type="button"
      variant={state.liked ? 'default' : 'outline'}
      aria-pressed={state.liked}
      disabled={toggle.isPending}
      onClick={onClick}
      className={className}
    >
      <Heart className={cn(state.liked && 'fill-current')} aria-hidden />
      {state.liked ? 'Liked' : 'Like'}
      <span className="tabular-nums opacity-80" aria-hidden>
        {state.count}
      </span>
      <span className="sr-only">{`(${state.count} ${state.count === 1 ? 'like' : 'likes'})`}</span>
    </Button>
  );
}
