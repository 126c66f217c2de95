import { useForm } from 'react-hook-form';
import { LIMITS } from '@common/limits';
import { PASSKEY_TEXTS, type Passkey } from '@common/schemas/passkey';
import { TEXTS } from '@common/texts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, serverMessageOr } from '@/lib/api-client';
import { fieldText, serverErrorField, useFormErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ceremonyFailureOf } from '@/lib/webauthn';
import { useAddPasskey } from '../api/add-passkey';

type Values = { currentPassword: string };
const FIELDS = ['currentPassword'] as const;

/** What to say when adding ended without a passkey; calm ones get no error toast. */
function failureOf(error: unknown): { text: string; isCalm: boolean } {
  if (error instanceof ApiError) return { text: serverMessageOr(error, PASSKEY_TEXTS.addFailed), isCalm: false };
  const kind = ceremonyFailureOf(error);
  if (kind === 'cancelled') return { text: PASSKEY_TEXTS.cancelled, isCalm: true };
  if (kind === 'alreadyRegistered') return { text: PASSKEY_TEXTS.alreadyOnDevice, isCalm: true };
  return { text: PASSKEY_TEXTS.addFailed, isCalm: false };
}

/**
 * Adding a passkey starts with the current password (ADR 077: a stolen session alone cannot plant
 * one), then the browser's prompt. `onStatus` says under the card how a prompt ended.
 */
export function AddPasskeyForm({
  onAdded,
  onCancel,
  onStatus,
}: {
  onAdded: (passkey: Passkey) => void;
  onCancel: () => void;
  onStatus: (text: string) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { currentPassword: '' }, shouldFocusError: false });
  const { formRef, showErrors, showError } = useFormErrors(setError);
  const add = useAddPasskey();

  const onValid = (values: Values) => {
    clearErrors();
    onStatus('');
    if (!values.currentPassword) {
      showErrors({ currentPassword: TEXTS.currentPasswordRequired });
      return;
    }
    add.mutate(values, {
      onSuccess: (passkey) => {
        notifySuccess(PASSKEY_TEXTS.added);
        onAdded(passkey);
      },
      onError: (error) => {
        const { text, isCalm } = failureOf(error);
        const field = serverErrorField(error, FIELDS);
        if (field) showError(field, text);
        else onStatus(text);
        if (!isCalm) notifyError(text);
      },
    });
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      noValidate
      className="grid gap-3 rounded-md border p-3"
      aria-label="Add a passkey"
    >
      <p className="text-sm text-muted-foreground">
        Confirm it&apos;s you with your password. Your device then asks for your fingerprint, face or screen lock.
      </p>
      <Field id="passkey-current-password" label="Current Password" required error={fieldText(errors.currentPassword)}>
        <Input
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.passwordMaxLength}
          {...register('currentPassword')}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
