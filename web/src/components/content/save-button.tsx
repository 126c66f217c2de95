import * as React from 'react';
import { Bookmark } from 'lucide-react';
import type { SaveResult } from '@common/schemas/content';
import type { ContentType } from '@common/schemas/content-fields';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-client';
import { notifyError, notifyFixedFailure, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useToggleSave } from './reactions-api';
import { reactionTexts } from './reactions-texts';

type SaveButtonProps = {
  contentType: ContentType;
  contentId: string;
  initialSaved: boolean;
  /** Called with the server's answer, e.g. to refresh a saved list. */
  onChanged?: (result: SaveResult) => void;
  className?: string;
};

/** Save / Saved; shown to signed-in non-owners only (the server refuses the owner). */
export function SaveButton({ contentType, contentId, initialSaved, onChanged, className }: SaveButtonProps) {
  const toggle = useToggleSave();
  const [isSaved, setIsSaved] = React.useState(initialSaved);
  const [initial, setInitial] = React.useState(initialSaved);
  if (initial !== initialSaved) {
    setInitial(initialSaved);
    setIsSaved(initialSaved);
  }
  const texts = reactionTexts(contentType);

  const onClick = () =>
    toggle.mutate(
      { contentType, contentId },
      {
        onSuccess: (result) => {
          setIsSaved(result.saved);
          if (result.saved) notifySuccess(texts.savedTitle, texts.saved);
          else notifySuccess(texts.unsavedTitle, texts.unsaved);
          onChanged?.(result);
        },
        // docs/product.md#texts-word-for-word: tips' save failure text is fixed; guides' prefers the server's message.
        onError: (error) =>
          contentType === 'tip'
            ? notifyFixedFailure(texts.saveFailed, error)
            : notifyError(serverMessageOr(error, texts.saveFailed)),
      },
    );

  return (
    <Button
      type="button"
      variant={isSaved ? 'secondary' : 'outline'}
      aria-pressed={isSaved}
      disabled={toggle.isPending}
      onClick={onClick}
      className={className}
    >
      <Bookmark className={cn(isSaved && 'fill-current')} aria-hidden />
      {isSaved ? 'Saved' : 'Save'}
    </Button>
  );
}
