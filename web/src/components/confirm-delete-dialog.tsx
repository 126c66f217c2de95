import * as React from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

type ConfirmDeleteDialogProps = {
  /** The button that opens the dialog. */
  children: React.ReactElement;
  title: string;
  description: string;
  /** The destructive button's text; 'Delete' unless the quoted texts name another (docs/product.md#texts-word-for-word). */
  confirmLabel?: string;
  onConfirm: () => void;
};

/**
 * Asks before deleting: Cancel (focused first) or the destructive button, which closes the dialog
 * and calls onConfirm. Nothing is deleted on Cancel, Escape or a click outside.
 */
export function ConfirmDeleteDialog({
  children,
  title,
  description,
  confirmLabel = 'Delete',
  onConfirm,
}: ConfirmDeleteDialogProps) {
  // The button that opened the dialog: when the deletion takes its row away, focus goes to a
  // neighbour in the list rather than the page (issue 36; rows marked data-focus-item).
  const opener = React.useRef<Element | null>(null);
  const focusAfterRemoval = useFocusAfterRemoval();
  const onOpenChange = (open: boolean) => {
    if (open) opener.current = document.activeElement;
  };
  const confirm = () => {
    focusAfterRemoval(opener.current);
    onConfirm();
  };
  return (
    <AlertDialog onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <ConfirmDialogContent title={title} description={description} confirmLabel={confirmLabel} onConfirm={confirm} />
    </AlertDialog>
  );
}

type ConfirmDialogContentProps = { title: string; description: string; confirmLabel: string; onConfirm: () => void };

/** A confirmation's body, for any AlertDialog (one with a trigger, or one a menu item opens). */
export function ConfirmDialogContent({ title, description, confirmLabel, onConfirm }: ConfirmDialogContentProps) {
  return (
    <AlertDialogContent>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
