import { Trash2 } from 'lucide-react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { TIP_SCREEN_TEXTS } from '../texts';

type DeleteTipDialogProps = { isDeleting: boolean; disabled?: boolean; onConfirm: () => void };

/** Delete Tip: the quoted confirmation dialog (docs/product.md#texts-word-for-word) with Cancel and Delete. */
export function DeleteTipDialog({ isDeleting, disabled = false, onConfirm }: DeleteTipDialogProps) {
  return (
    <ConfirmDeleteDialog title={TIP_SCREEN_TEXTS.deleteTitle} description={TIP_SCREEN_TEXTS.deleteConfirm} onConfirm={onConfirm}>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="text-destructive hover:text-destructive sm:mr-auto"
        disabled={disabled || isDeleting}
      >
        <Trash2 aria-hidden />
        {isDeleting ? 'Deleting...' : 'Delete Tip'}
      </Button>
    </ConfirmDeleteDialog>
  );
}
