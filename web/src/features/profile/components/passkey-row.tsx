import { useForm } from 'react-hook-form';
import { format } from 'date-fns';
import { Pencil, Trash2 } from 'lucide-react';
import { PASSKEY_LIMITS, PASSKEY_TEXTS, PasskeyNameSchema, type Passkey } from '@common/schemas/passkey';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { serverMessageOr } from '@/lib/api-client';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';

const day = (iso: string) => format(new Date(iso), 'd MMM yyyy');

/** One passkey: its name, when it was added and last used; rename in place, remove after asking. */
export function PasskeyRow({
  passkey,
  isEditing,
  onEdit,
}: {
  passkey: Passkey;
  isEditing: boolean;
  onEdit: (isEditing: boolean) => void;
}) {
  const remove = useRemovePasskey();
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => notifySuccess(PASSKEY_TEXTS.removed),
      onError: (error) => notifyError(serverMessageOr(error, PASSKEY_TEXTS.notFound)),
    });

  if (isEditing) return <RenamePasskeyForm passkey={passkey} onDone={() => onEdit(false)} />;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {passkey.name}
          {passkey.isBackedUp ? <Badge variant="secondary">Synced</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          Added {day(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${day(passkey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => onEdit(true)} aria-label={`Rename ${passkey.name}`}>
          <Pencil aria-hidden />
          Rename
        </Button>
        <ConfirmDeleteDialog
          title="Remove this passkey?"
          description={`"${passkey.name}" will no longer sign you in to Waymark. Remove it from your device or password manager too.`}
          confirmLabel="Remove"
          onConfirm={onRemove}
        >
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="text-destructive hover:text-destructive"
            disabled={remove.isPending}
            aria-label={`Remove ${passkey.name}`}
          >
            <Trash2 aria-hidden />
            {remove.isPending ? 'Removing...' : 'Remove'}
          </Button>
        </ConfirmDeleteDialog>
      </div>
    </div>
  );
}

type NameForm = { name: string };
const NAME_FIELDS = ['name'] as const;

function RenamePasskeyForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NameForm>({ defaultValues: { name: passkey.name }, shouldFocusError: false });
  const { formRef, showErrors, showError } = useFormErrors(setError);
  const rename = useRenamePasskey();
  const fieldId = `passkey-name-${passkey.id}`;

  const onValid = ({ name }: NameForm) => {
    const parsed = PasskeyNameSchema.safeParse(name);
    if (!parsed.success) {
      showErrors({ name: parsed.error.issues[0]?.message ?? PASSKEY_TEXTS.nameRequired });
      return;
    }
    rename.mutate(
      { id: passkey.id, name: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(PASSKEY_TEXTS.renamed);
          onDone();
        },
        onError: (error) => {
          const message = serverMessageOr(error, PASSKEY_TEXTS.notFound);
          showError(serverErrorField(error, NAME_FIELDS), message);
          notifyError(message);
        },
      },
    );
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      className="grid gap-3"
      aria-label={`Rename ${passkey.name}`}
    >
      <Field id={fieldId} label="Passkey name" required error={fieldText(errors.name)}>
        <Input
          // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the member's own click: the field is what they came for
          autoFocus
          autoComplete="off"
          maxLength={PASSKEY_LIMITS.nameMaxLength}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          {...register('name')}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={rename.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}
