import { useId, useState } from 'react';
import { DECISION_REASONS, DECISION_REASON_LABELS, MODERATION_TEXTS, type DecisionReason } from '@common/schemas/moderation';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field, FieldError, RequiredMark } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';

export type Decision = { reason: DecisionReason; note?: string };

type DecisionDialogProps = {
  /** The button that opens the dialog. */
  trigger: React.ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  /** More fields above the reason (the suspension's period). */
  children?: React.ReactNode;
  onConfirm: (decision: Decision) => void;
};

/**
 * Asks before an action that takes something away from a member (hide, suspend, delete; issue
 * 36): a reason from the short list, required, and words for the member, required for Other. The
 * member concerned is told both; no reporter is named. Cancel, Escape or a click outside does nothing.
 */
export function DecisionDialog({ trigger, title, description, confirmLabel, children, onConfirm }: DecisionDialogProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DecisionReason | null>(null);
  const [note, setNote] = useState('');
  const [isChecked, setIsChecked] = useState(false);
  const reasonError = isChecked && !reason ? MODERATION_TEXTS.reasonRequired : undefined;
  const noteError = isChecked && reason === 'other' && !note.trim() ? MODERATION_TEXTS.noteRequired : undefined;
  const reasonErrorId = `${id}-reason-error`;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setReason(null);
      setNote('');
      setIsChecked(false);
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (!reason || (reason === 'other' && !note.trim())) return;
    onConfirm({ reason, ...(note.trim() ? { note: note.trim() } : {}) });
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <fieldset
            className="grid gap-2"
            aria-describedby={reasonError ? reasonErrorId : undefined}
            aria-invalid={reasonError ? true : undefined}
          >
            <legend className="mb-1 text-sm font-medium">
              Reason
              <RequiredMark />
            </legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {DECISION_REASONS.map((value) => (
                <label key={value} className="flex min-h-9 items-center gap-2 rounded-md px-1 text-sm">
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                    className="size-4 accent-primary"
                  />
                  {DECISION_REASON_LABELS[value]}
                </label>
              ))}
            </div>
            {reasonError ? <FieldError id={reasonErrorId}>{reasonError}</FieldError> : null}
          </fieldset>
          <Field
            id={`${id}-note`}
            label="Message to the member"
            required={reason === 'other'}
            error={noteError}
            hint={<span className="text-xs text-muted-foreground">Shown to them; never who reported.</span>}
          >
            <Textarea value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} className="min-h-20" />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive">
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
