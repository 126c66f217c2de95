import * as React from 'react';
import { Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { TIP_SCREEN_TEXTS } from '../texts';

type DeleteTipDialogProps = { isDeleting: boolean; disabled?: boolean; onConfirm: () => void };

/** Delete Tip: the SPEC's confirmation dialog with Cancel and Delete. */
export function DeleteTipDialog({ isDeleting, disabled = false, onConfirm }: DeleteTipDialogProps) {
  const [isOpen, setIsOpen] = React.useState(false);
  return (
    <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
      <AlertDialogTrigger asChild>
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
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{TIP_SCREEN_TEXTS.deleteTitle}</AlertDialogTitle>
          <AlertDialogDescription>{TIP_SCREEN_TEXTS.deleteConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            onClick={() => {
              setIsOpen(false);
              onConfirm();
            }}
          >
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
