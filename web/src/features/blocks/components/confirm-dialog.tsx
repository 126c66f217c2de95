import { AlertDialog } from '@/components/ui/alert-dialog';
import { ConfirmDialogContent } from '@/components/confirm-delete-dialog';

type ConfirmProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/**
 * The confirmation a menu item opens (its own trigger is the menu item, so the dialog is
 * controlled): Cancel is focused first; nothing happens on Cancel, Escape or a click outside.
 */
export function ConfirmActionDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm }: ConfirmProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <ConfirmDialogContent title={title} description={description} confirmLabel={confirmLabel} onConfirm={onConfirm} />
    </AlertDialog>
  );
}
