import { useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_TEXTS } from '@common/schemas/admin';
import type { SystemMessage } from '@common/schemas/system-message';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FIELD_TEXTS, serverErrorField, useFocusFirstInvalid } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useSaveSystemMessage } from '../api/system-messages';

type SystemMessageDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The message being edited; absent when creating. */
  message?: SystemMessage;
};

/** Mounted per opening (keyed by the caller), so the fields start from the edited message. */
export function SystemMessageDialog({ open, onOpenChange, message }: SystemMessageDialogProps) {
  const [title, setTitle] = useState(message?.title ?? '');
  const [content, setContent] = useState(message?.content ?? '');
  const [errors, setErrors] = useState<Partial<Record<'title' | 'content', string>>>({});
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const save = useSaveSystemMessage();

  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    // docs/product.md#forms-and-validation: save sends nothing unless both are filled in; the blank ones say so (ADR 043).
    const missing = {
      ...(title.trim() ? {} : { title: FIELD_TEXTS.required }),
      ...(content.trim() ? {} : { content: FIELD_TEXTS.required }),
    };
    setErrors(missing);
    if (missing.title || missing.content) return focusFirstInvalid();
    save.mutate(
      { id: message?.id, input: { title: title.trim(), content: content.trim() } },
      {
        onSuccess: () => {
          toast.success(message ? ADMIN_TEXTS.messageUpdated : ADMIN_TEXTS.messageCreated);
          onOpenChange(false);
        },
        onError: (error) => {
          const field = serverErrorField(error, ['title', 'content'] as const);
          if (field && error instanceof Error) {
            setErrors({ [field]: error.message });
            focusFirstInvalid();
          }
          notifyError(ADMIN_TEXTS.saveMessageFailed);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form ref={formRef} className="grid gap-4" onSubmit={onSave} noValidate>
          <DialogHeader>
            <DialogTitle>{message ? 'Edit System Message' : 'Create System Message'}</DialogTitle>
            <DialogDescription>System messages are shown to all users across the platform.</DialogDescription>
          </DialogHeader>
          <Field id="system-message-title" label="Title" required error={errors.title}>
            <Input
              value={title}
              maxLength={200}
              onChange={(event) => {
                setTitle(event.target.value);
                setErrors(({ content: contentError }) => ({ content: contentError }));
              }}
            />
          </Field>
          <Field id="system-message-content" label="Content" required error={errors.content}>
            <Textarea
              rows={4}
              value={content}
              maxLength={2000}
              onChange={(event) => {
                setContent(event.target.value);
                setErrors(({ title: titleError }) => ({ title: titleError }));
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
