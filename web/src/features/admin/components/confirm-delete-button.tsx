import { Trash2 } from 'lucide-react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';

type ConfirmDeleteButtonProps = {
  /** The accessible name of the trash button, e.g. 'Delete Jane Doe'. */
  label: string;
  title: string;
  description: string;
  disabled?: boolean;
  onConfirm: () => void;
};

/** A trash button that asks before deleting; nothing is deleted on Cancel or Escape. */
export function ConfirmDeleteButton({ label, title, description, disabled, onConfirm }: ConfirmDeleteButtonProps) {
  return (
    <ConfirmDeleteDialog title={title} description={description} onConfirm={onConfirm}>
      <Button
        size="icon"
        variant="outline"
        className="text-destructive hover:text-destructive"
        disabled={disabled}
        aria-label={label}
      >
        <Trash2 aria-hidden />
      </Button>
    </ConfirmDeleteDialog>
  );
}
