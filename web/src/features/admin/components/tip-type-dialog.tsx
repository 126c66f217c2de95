import { useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import type { TipType } from '@common/schemas/tip-type';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { notifyFixedFailure } from '@/lib/notify';
import { useSaveTipType } from '../api/tip-types';

type TipTypeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tipType?: TipType;
};

export function TipTypeDialog({ open, onOpenChange, tipType }: TipTypeDialogProps) {
  const [name, setName] = useState(tipType?.name ?? '');
  const save = useSaveTipType();

  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    // SPEC 9: save does nothing unless the name is filled in.
    if (!name.trim()) return;
    save.mutate(
      { id: tipType?.id, input: { name: name.trim() } },
      {
        onSuccess: () => {
          toast.success(tipType ? ADMIN_TEXTS.tipTypeUpdated : ADMIN_TEXTS.tipTypeCreated);
          onOpenChange(false);
        },
        // SPEC 8's text stays the title; the server's reason (a 409: the name exists) is the description.
        onError: (error) => notifyFixedFailure(ADMIN_TEXTS.saveTipTypeFailed, error),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form className="grid gap-4" onSubmit={onSave}>
          <DialogHeader>
            <DialogTitle>{tipType ? 'Edit Tip Type' : 'Create Tip Type'}</DialogTitle>
            <DialogDescription>Tip types categorize the different kinds of travel tips.</DialogDescription>
          </DialogHeader>
          <Field id="tip-type-name" label="Name">
            <Input id="tip-type-name" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
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
