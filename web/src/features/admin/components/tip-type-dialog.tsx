import { useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import type { TipType } from '@common/schemas/tip-type';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FIELD_TEXTS, serverErrorField, useFocusFirstInvalid } from '@/lib/form-errors';
import { notifyFixedFailure } from '@/lib/notify';
import { useSaveTipType } from '../api/tip-types';

type TipTypeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tipType?: TipType;
};

export function TipTypeDialog({ open, onOpenChange, tipType }: TipTypeDialogProps) {
  const [name, setName] = useState(tipType?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const save = useSaveTipType();

  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    // docs/product.md#forms-and-validation: save sends nothing unless the name is filled in; the field says so (ADR 043).
    setError(name.trim() ? undefined : FIELD_TEXTS.required);
    if (!name.trim()) return focusFirstInvalid();
    save.mutate(
      { id: tipType?.id, input: { name: name.trim() } },
      {
        onSuccess: () => {
          toast.success(tipType ? ADMIN_TEXTS.tipTypeUpdated : ADMIN_TEXTS.tipTypeCreated);
          onOpenChange(false);
        },
        // The quoted text stays the title (docs/product.md#texts-word-for-word); the server's reason (a 409: the name exists) is the description.
        onError: (failure) => {
          if (serverErrorField(failure, ['name']) && failure instanceof Error) {
            setError(failure.message);
            focusFirstInvalid();
          }
          notifyFixedFailure(ADMIN_TEXTS.saveTipTypeFailed, failure);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form ref={formRef} className="grid gap-4" onSubmit={onSave} noValidate>
          <DialogHeader>
            <DialogTitle>{tipType ? 'Edit Tip Type' : 'Create Tip Type'}</DialogTitle>
            <DialogDescription>Tip types categorize the different kinds of travel tips.</DialogDescription>
          </DialogHeader>
          <Field id="tip-type-name" label="Name" required error={error}>
            <Input
              value={name}
              maxLength={60}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
